/**
 * What the mock portal does with each `message` event, apart from the DOM wiring in `main.ts`, so
 * the rules can be tested with plain objects: only the Notes frame, from the app's exact origin, is
 * listened to; its LOADED is answered, its SEEK shown on the player status line, and everything —
 * handled, ignored or unknown — lands in the Message log.
 */
import { SUB_APPLICATION_NAME } from '../../../src/protocol/messages.ts';
import type { MessageLog } from './message-log.ts';
import { sameOrigin } from './same-origin.ts';
import { handleSeek } from './seek-status.ts';

/** The parts of a `MessageEvent` the portal reads. */
export type FrameMessage = Pick<MessageEvent<unknown>, 'data' | 'origin' | 'source'>;

/** What the handler needs from the page. `frameWindow` is read per event: the frame reloads. */
export type FrameMessageDeps = {
  frameWindow: () => MessageEventSource | null;
  appOrigin: string;
  log: MessageLog;
  playerStatus: HTMLElement;
  /** Called for the app's LOADED (after it is logged): the page answers with the full context. */
  onLoaded: () => void;
};

/** The `message` listener of the mock portal. */
export function createFrameMessageHandler(deps: FrameMessageDeps): (event: FrameMessage) => void {
  return (event) => {
    const data = event.data;
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const requestId = typeof record.requestId === 'string' ? record.requestId : '(no requestId)';
    const fromFrame = event.source !== null && event.source === deps.frameWindow();
    if (!fromFrame || !sameOrigin(event.origin, deps.appOrigin)) {
      const detail = 'not from the Notes frame';
      deps.log.add({ direction: 'ignored', requestId, origin: event.origin, detail, payload: data });
      return;
    }
    if (requestId === 'SEEK') {
      handleSeek(data, event.origin, deps.log, deps.playerStatus);
      return;
    }
    deps.log.add({ direction: 'received', requestId, origin: event.origin, payload: data });
    if (record.subApplicationName === SUB_APPLICATION_NAME && requestId === 'LOADED') deps.onLoaded();
  };
}
