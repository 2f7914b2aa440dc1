/**
 * Frames of one learner's write side (src/notes/write/note-actions.ts, as the model wires it) over one
 * shared storage, one fake API and one fake clock, linked by the fake BroadcastChannel, `storage`
 * events and Web Locks of fake-frames.ts — so a test drives a save in one frame and reads the
 * other frame's cache, marks and API calls.
 */
import { signal } from '@preact/signals-core';
import { createNoteCache } from '../../src/notes/read/note-cache.ts';
import type { Conflict } from '../../src/notes/write/journal.ts';
import { createActions } from '../../src/notes/write/note-actions.ts';
import type { PendingDelete } from '../../src/notes/write/pending-deletes.ts';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import { createFakeClock } from './fake-clock.ts';
import { createFakeFrames, type FakeFrames } from './fake-frames.ts';
import { createFakeNotesApi, type FakeNotesApi, type NotesApi } from './fake-notes-api.ts';
import { L1, NOW } from './write-side.ts';

/** One frame: its write side, cache and the signals its cards read. */
export type TestFrame = ReturnType<typeof openFrame>;

function openFrame(
  frames: FakeFrames,
  { http }: FakeNotesApi,
  t: ReturnType<typeof createFakeClock>,
  name: string,
) {
  const { window, storage } = frames.frame();
  const cache = createNoteCache();
  const unsaved = signal<ReadonlySet<string>>(new Set());
  const counts: [string, 1 | -1][] = [];
  let seq = 0;
  const actions = createActions({
    http,
    store: createKeyValueStore(() => storage),
    learner: () => L1,
    cache,
    announce: () => undefined,
    onCountChange: (note, delta) => void counts.push([note.noteId, delta]),
    onConfirmed: () => undefined,
    onForbidden: () => undefined,
    frames: window,
    now: t.now,
    random: () => 0,
    newId: () => `${name}-${++seq}`,
    setTimeout: t.setTimeout,
    clearTimeout: t.clearTimeout,
    pending: signal<readonly PendingDelete[]>([]),
    unsaved,
    conflicts: signal<Readonly<Record<string, Conflict>>>({}),
    durable: signal(true),
  });
  return {
    actions,
    side: () => actions.get(),
    cache,
    unsaved,
    counts,
    /** Texts of the notes lists may show, sorted. */
    texts: () => cache.visible.value.map((n) => n.text).sort(),
    /** Ids of the notes marked "Saving…". */
    saving: () => [...cache.saving.value].sort(),
  };
}

/**
 * Two frames (A and B) of learner L1, both started; `script` answers the one API both call;
 * `options` as createFakeFrames takes them.
 */
export async function createTwoFrames(
  script: Partial<NotesApi> = {},
  options: { locks?: boolean; processes?: boolean } = {},
) {
  const frames = createFakeFrames(options);
  const fake = createFakeNotesApi(script);
  const t = createFakeClock(NOW);
  const a = openFrame(frames, fake, t, 'a');
  const b = openFrame(frames, fake, t, 'b');
  await frames.deliver(); // each has read the journal and found nothing to send
  return { frames, fake, t, a, b, deliver: frames.deliver };
}
