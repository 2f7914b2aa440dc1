/** A BroadcastChannel, as far as the app uses one. */
export type ChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
};

/** The slice of `window` that links the frames of one browser (passed in by src/start.tsx). */
export type FrameWindow = {
  BroadcastChannel?: new (name: string) => ChannelLike;
  navigator: {
    locks?: {
      request(
        name: string,
        options: { ifAvailable?: boolean },
        run: (lock: unknown) => Promise<void>,
      ): Promise<unknown>;
    };
  };
  /** Where senders record what they settled (src/notes/write/sent-ledger.ts); absent: not recorded. */
  indexedDB?: Pick<IDBFactory, 'open'>;
  addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
  removeEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
};

/** How this frame talks to the app's other frames and tabs in the same browser storage partition. */
export type FrameLinks = {
  /** Sends to every other frame (BroadcastChannel); nothing when the browser has none. */
  post(message: unknown): void;
  /** Hears other frames' messages and storage writes (`storage` events, by key); returns the unsubscribe. */
  listen(onMessage: (data: unknown) => void, onStorage: (key: string | null) => void): () => void;
  /**
   * Runs `run` holding the lock `name` across frames (Web Locks); null when the browser has none.
   * When another frame holds it, `onBusy` is called at once, before waiting for it. Rejects when
   * the browser refuses the lock (storage refused): the outbox then sends without it.
   */
  lock: ((name: string, run: () => Promise<void>, onBusy?: () => void) => Promise<void>) | null;
};

/**
 * Wraps the browser's BroadcastChannel, `storage` events and Web Locks behind three functions, so
 * the write side never touches `window` and tests link two frames with fakes. Each is optional in
 * a browser: without one, this frame behaves as a lone frame (see "Writes" in docs/decisions.md).
 */
export function createFrameLinks(win: FrameWindow, channelName = 'notes'): FrameLinks {
  const channel = win.BroadcastChannel ? new win.BroadcastChannel(channelName) : null;
  const locks = win.navigator.locks;
  return {
    post: (message) => channel?.postMessage(message),
    listen(onMessage, onStorage) {
      const message = (event: { data: unknown }) => onMessage(event.data);
      const storage = (event: { key: string | null }) => onStorage(event.key);
      channel?.addEventListener('message', message);
      win.addEventListener('storage', storage);
      return () => {
        channel?.removeEventListener('message', message);
        win.removeEventListener('storage', storage);
      };
    },
    // Async, so a request that throws rather than rejects (storage refused) still ends in a rejection.
    lock: locks
      ? async (name, run, onBusy) => {
          await locks.request(name, { ifAvailable: true }, async (held) => {
            if (held) return run();
            onBusy?.(); // another frame is sending: whoever waits on this one is told now
            await locks.request(name, {}, () => run());
          });
        }
      : null,
  };
}
