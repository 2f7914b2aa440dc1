/**
 * The mock portal's side of the app's SEEK message (docs/wire-contract.md). The portal has no real player, so
 * it shows what a player would do on a status line beside the frame, and logs the message. The
 * payload is checked with the app's own parser (`src/protocol/seek.ts`) and shown with the app's
 * own clock format, so the portal reads "03:12" exactly as the note's "Go to 03:12" button does.
 */
import { formatClock } from '../../../src/format/note-format.ts';
import type { SeekMessage } from '../../../src/protocol/messages.ts';
import { parseSeekMessage, seekMessageProblem } from '../../../src/protocol/seek.ts';
import type { MessageLog } from './message-log.ts';

/** Id of the `role="status"` line near the frame that says what the player would do. */
export const PLAYER_STATUS_ID = 'player-status';

/** What the status line says before any SEEK arrived. */
export const PLAYER_IDLE_TEXT = 'Player: no seek requested yet';

/** "Player would seek to 03:12" (h:mm:ss past an hour) or "Player would turn to p. 4". */
export function seekStatusText(message: SeekMessage): string {
  if (message.page !== undefined) return `Player would turn to p. ${message.page}`;
  return `Player would seek to ${formatClock(message.seconds ?? 0)}`;
}

/**
 * Handles a message from the Notes frame whose requestId is SEEK: a well-formed one is logged as
 * received and shown on `status`; a malformed one is logged as ignored with the reason and leaves
 * `status` as it was.
 */
export function handleSeek(data: unknown, origin: string, log: MessageLog, status: HTMLElement): void {
  const message = parseSeekMessage(data);
  if (!message) {
    const detail = `malformed SEEK: ${seekMessageProblem(data) ?? 'unreadable'}`;
    log.add({ direction: 'ignored', requestId: 'SEEK', origin, detail, payload: data });
    return;
  }
  const text = seekStatusText(message);
  log.add({ direction: 'received', requestId: 'SEEK', origin, detail: text, payload: data });
  status.textContent = text;
}
