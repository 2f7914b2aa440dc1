/**
 * What the mock portal does with each `message` event, apart from the DOM wiring in `main.ts`, so
 * the rules can be tested with plain objects: only the Notes frame, from the app's exact origin, is
 * listened to; its LOADED is answered, its SEEK shown on the player status line, its AUTH_REQUEST
 * handed to the token handshake (auth-request.ts), and everything — handled, ignored or unknown —
 * lands in the Message log.
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
  /** Called with an AUTH_REQUEST's payload (not yet checked or logged) and its origin. */
  onAuthRequest: (data: unknown, origin: string) => void;
};

/** The label a message goes by in the log: its `requestId`, else its `type` (AUTH_REQUEST). */
const labelOf = (record: Record<string, unknown>): string => {
  if (typeof record.requestId === 'string') return record.requestId;
  if (typeof record.type === 'string') return record.type;
  return '(no requestId)';
};

/** The `message` listener of the mock portal. */
export function createFrameMessageHandler(deps: FrameMessageDeps): (event: FrameMessage) => void {
  return (event) => {
    const data = event.data;
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const requestId = labelOf(record);
    const fromFrame = event.source !== null && event.source === deps.frameWindow();
    if (!fromFrame || !sameOrigin(event.origin, deps.appOrigin)) {
      const detail = 'not from the Notes frame';
      deps.log.add({ direction: 'ignored', requestId, origin: event.origin, detail, payload: data });
      return;
    }
    if (record.type === 'AUTH_REQUEST' && record.requestId === undefined) {
      deps.onAuthRequest(data, event.origin);
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
