import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { MessageValues } from '../i18n/i18n-model.ts';

/** A status message for screen readers: a message key and its values. */
export type Announcement = { key: string; values?: MessageValues; serial: number };

/** The announcer: what the one polite live region says now, and how to make it say something. */
export type Announcer = {
  current: ReadonlySignal<Announcement | null>;
  announce(key: string, values?: MessageValues): void;
};

/**
 * One polite live region for the whole app (WCAG 4.1.3): models announce "Note saved", "Note
 * deleted"… as message keys; the region translates them. `serial` makes a repeated message count
 * as new, so the second "Note saved" is heard too.
 */
export function createAnnouncer(): Announcer {
  const current = signal<Announcement | null>(null);
  let serial = 0;
  return {
    current,
    announce(key, values) {
      serial += 1;
      current.value = values ? { key, values, serial } : { key, serial };
    },
  };
}
