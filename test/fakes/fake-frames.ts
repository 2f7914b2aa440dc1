/**
 * Frames of one browser for the cross-frame tests: each fake frame gets a `FrameWindow` (a
 * BroadcastChannel, `storage` events, Web Locks) and a storage over one shared memory storage.
 * Nothing crosses frames until `deliver()`, so a test decides the order in which messages and
 * storage events arrive; locks are granted in request order, one holder at a time per name.
 * `processes: true` puts each frame in a renderer process of its own, as a browser without site
 * isolation does with two tabs' frames (Android Chrome): a frame reads its own copy of the
 * storage, which another frame's write reaches only with that write's `storage` event, and
 * `deliverMessages()` lets the channel's messages arrive ahead of the storage writes in flight.
 */
import type { ChannelLike, FrameWindow } from '../../src/platform/frame-links.ts';
import { flushPromises } from './deferred.ts';
import { createMemoryStorage, type MemoryStorage } from './memory-storage.ts';

type Listener<E> = (event: E) => void;
type FakeFrame = {
  messages: Set<Listener<{ data: unknown }>>;
  storage: Set<Listener<{ key: string | null }>>;
  /** What this frame reads: the shared storage, or its own copy (`processes`). */
  local: MemoryStorage;
};
/** Something on its way from one frame to another. */
type InFlight = { kind: 'message' | 'storage'; arrive: () => void };

/** The frames, their shared storage and the controls. */
export type FakeFrames = ReturnType<typeof createFakeFrames>;

/** Builds a browser with no frames yet; `locks: false` leaves Web Locks out, as an old browser. */
export function createFakeFrames({ locks = true, processes = false } = {}) {
  const shared = createMemoryStorage();
  const frames: FakeFrame[] = [];
  const pending: InFlight[] = [];
  const held = new Map<string, Promise<unknown>>();
  const lockLog: string[] = [];

  const busy = new Set<string>();
  /**
   * A Web Locks stand-in: `run` starts once every earlier holder of `name` has finished; with
   * `ifAvailable`, it runs at once with null when the lock is held or asked for.
   */
  const request = (
    name: string,
    options: { ifAvailable?: boolean },
    run: (lock: unknown) => Promise<void>,
  ): Promise<unknown> => {
    lockLog.push(name);
    if (options.ifAvailable && busy.has(name)) return run(null);
    const mine = { name };
    busy.add(name);
    const granted = (held.get(name) ?? Promise.resolve()).then(() => run(mine));
    const done = granted.catch(() => undefined);
    held.set(name, done);
    void done.then(() => {
      if (held.get(name) === done) busy.delete(name);
    });
    return granted;
  };

  return {
    shared,
    /** Names of every lock asked for, in order. */
    lockLog,
    /** A new frame: its window and its view of the shared storage (writes raise `storage` elsewhere). */
    frame(): { window: FrameWindow; storage: MemoryStorage } {
      const local = processes ? createMemoryStorage(Object.fromEntries(shared.items)) : shared;
      const me: FakeFrame = { messages: new Set(), storage: new Set(), local };
      frames.push(me);
      const others = () => frames.filter((f) => f !== me);
      class Channel implements ChannelLike {
        constructor(readonly name: string) {}
        postMessage(message: unknown) {
          const data = structuredClone(message);
          for (const f of others())
            pending.push({
              kind: 'message',
              arrive: () => {
                for (const l of f.messages) l({ data });
              },
            });
        }
        addEventListener(_type: 'message', l: Listener<{ data: unknown }>) {
          me.messages.add(l);
        }
        removeEventListener(_type: 'message', l: Listener<{ data: unknown }>) {
          me.messages.delete(l);
        }
      }
      /** The write reaches the other frames with its `storage` event (their copies, with `processes`). */
      const raise = (key: string, value: string | null) => {
        for (const f of others())
          pending.push({
            kind: 'storage',
            arrive: () => {
              if (f.local !== shared) {
                if (value === null) f.local.removeItem(key);
                else f.local.setItem(key, value);
              }
              for (const l of f.storage) l({ key });
            },
          });
      };
      const storage: MemoryStorage = Object.assign(Object.create(local) as MemoryStorage, {
        setItem(key: string, value: string) {
          shared.setItem(key, value);
          if (local !== shared) local.setItem(key, value);
          raise(key, String(value));
        },
        removeItem(key: string) {
          shared.removeItem(key);
          if (local !== shared) local.removeItem(key);
          raise(key, null);
        },
        getItem: (key: string) => local.getItem(key),
      });
      const window: FrameWindow = {
        BroadcastChannel: Channel,
        navigator: locks ? { locks: { request } } : {},
        addEventListener: (_type, l) => void me.storage.add(l),
        removeEventListener: (_type, l) => void me.storage.delete(l),
      };
      return { window, storage };
    },
    /** Delivers what is in flight between frames (messages and storage events), oldest first. */
    async deliver() {
      await flushPromises();
      while (pending.length) {
        (pending.shift() as InFlight).arrive();
        await flushPromises();
      }
    },
    /** Delivers only the channel's messages in flight, oldest first; storage writes stay on their way. */
    async deliverMessages() {
      await flushPromises();
      for (let i = pending.findIndex((p) => p.kind === 'message'); i >= 0; ) {
        pending.splice(i, 1)[0]?.arrive();
        await flushPromises();
        i = pending.findIndex((p) => p.kind === 'message');
      }
    },
    /** Messages and storage events not delivered yet. */
    inFlight: () => pending.length,
  };
}
