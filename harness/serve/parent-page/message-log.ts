/**
 * The page's message log: every message both ways (and every one ignored), with direction, time,
 * requestId and origin, payload tokens masked. It is a `role="log"` live region, so screen
 * readers announce new lines politely.
 */
import { maskTokens } from './context.ts';

/** Which way a message went, or why it was not one. */
export type Direction = 'sent' | 'received' | 'ignored' | 'note';

/** One line of the log. */
export type LogEntry = {
  direction: Direction;
  requestId: string;
  origin: string;
  payload?: unknown;
  detail?: string;
};

const LABELS: Record<Direction, string> = {
  sent: 'parent → app',
  received: 'app → parent',
  ignored: 'ignored',
  note: 'note',
};

const MAX_ENTRIES = 200;

const time = (d: Date): string =>
  `${d.toLocaleTimeString('en-GB', { hour12: false })}.${String(d.getMilliseconds()).padStart(3, '0')}`;

const el = (doc: Document, tag: string, className: string, text: string): HTMLElement => {
  const node = doc.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

/** The log bound to its container; `add` appends one entry, `clear` empties it. */
export type MessageLog = { add(entry: LogEntry): void; clear(): void };

/** Wires the log to `list`; `now` is injectable for tests. */
export function createMessageLog(list: HTMLElement, now: () => Date = () => new Date()): MessageLog {
  const doc = list.ownerDocument;
  return {
    add(entry) {
      const item = doc.createElement('div');
      item.className = `entry ${entry.direction}`;
      const at = now();
      const stamp = el(doc, 'time', 'at', time(at));
      stamp.setAttribute('datetime', at.toISOString());
      const where = entry.direction === 'sent' ? `to ${entry.origin}` : `from ${entry.origin}`;
      item.append(
        el(doc, 'span', 'dir', LABELS[entry.direction]),
        stamp,
        el(doc, 'strong', 'rid', entry.requestId),
        el(doc, 'span', 'origin', where),
      );
      if (entry.detail) item.append(el(doc, 'span', 'detail', entry.detail));
      if (entry.payload !== undefined) {
        const details = doc.createElement('details');
        details.append(
          el(doc, 'summary', '', 'payload'),
          el(doc, 'pre', '', JSON.stringify(maskTokens(entry.payload), null, 2)),
        );
        item.append(details);
      }
      list.append(item);
      while (list.children.length > MAX_ENTRIES) list.firstElementChild?.remove();
      list.scrollTop = list.scrollHeight;
    },
    clear() {
      list.replaceChildren();
    },
  };
}
