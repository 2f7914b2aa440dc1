/**
 * Saving the "start a few seconds earlier" setting (src/notes/read/seek-offset.ts), apart from reading
 * it: reading is needed by every "Go to" (the first load), saving only by the setting on `/view`.
 */

import { type SeekOffset, seekOffsetKey } from '../../../notes/read/seek-offset.ts';
import type { KeyValueStore } from '../../../platform/key-value-store.ts';

/**
 * Keeps the learner's choice; off removes the entry (nothing stored is the same as off). False
 * when it could only be kept in memory (storage blocked or full) or there is no learner.
 */
export function saveSeekOffset(store: KeyValueStore, learner: string, offset: SeekOffset): boolean {
  if (!learner) return false;
  if (offset === 0) {
    store.remove(seekOffsetKey(learner));
    return true;
  }
  return store.set(seekOffsetKey(learner), String(offset));
}
