/**
 * Helpers for the `/view` component tests: numbered notes, typing into the search, choosing in a
 * select (linkedom's `<select>` has no working `value`), the search delay on a clock the test drives.
 */

import type { Note, NoteFilter, NotesPage } from '../../../../src/protocol/api-types.ts';
import type { Later } from '../../../../src/ui/screens/view/use-debounced.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';
import { settle } from '../../../fakes/render.tsx';

/**
 * The search delay the tests render with (ms): short, yet long enough that the few ticks between
 * two typed keystrokes don't outlast it on a busy machine.
 */
export const DELAY = 60;

/** `count` notes, n0 newest, one minute apart. */
export const numbered = (count: number, over: (i: number) => Partial<Note> = () => ({})): Note[] =>
  Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.parse('2026-11-20T12:00:00.000Z') - i * 60_000).toISOString();
    return fakeNote({
      noteId: `n${String(i).padStart(5, '0')}`,
      text: `note ${i}`,
      createdOn: at,
      updatedOn: at,
      ...over(i),
    });
  });

/** A page answer. */
export const page = (notes: Note[], total = notes.length, nextCursor: string | null = null): NotesPage => ({
  notes,
  total,
  nextCursor,
});

/** The filter and options of every `fetchNotes` call so far. */
export const fetches = (calls: unknown[][]) =>
  calls.map(([filter, options]) => ({
    filter: filter as NoteFilter,
    signal: (options as { signal: AbortSignal }).signal,
  }));

/** Types `text` into the search field as a keystroke would (an `input` event). */
export async function typeSearch(container: HTMLElement, text: string) {
  const input = searchField(container);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}

/** Chooses `value` in the select labelled `label`. */
export async function choose(container: HTMLElement, label: string, value: string) {
  const select = byLabel(container, label) as HTMLSelectElement;
  Object.defineProperty(select, 'value', { value, configurable: true, writable: true });
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}

/** The control a `<label>` with this text names. */
export function byLabel(container: HTMLElement, text: string): HTMLElement {
  const label = Array.from(container.querySelectorAll('label')).find((l) => l.textContent === text);
  // linkedom keeps Preact's `htmlFor` property as an attribute of that name; browsers make it `for`
  const target = label && (label.getAttribute('for') ?? label.getAttribute('htmlFor'));
  const control = target && container.querySelector(`[id="${target}"]`);
  if (!control) throw new Error(`no control labelled ${text}`);
  return control as HTMLElement;
}

/** The search field. */
export const searchField = (container: HTMLElement) => byLabel(container, 'Search notes') as HTMLInputElement;

/**
 * The search's clock, driven by the test (ViewScreen's `searchLater`): its delay passes only at
 * `pause`, so how fast a loaded machine runs the keystrokes can't decide what is asked.
 */
export function searchClock() {
  const pending = new Set<{ run: () => void; ms: number }>();
  const later: Later = (run, ms) => {
    const timer = { run, ms };
    pending.add(timer);
    return () => pending.delete(timer);
  };
  /** The learner pauses: every waiting timer's delay passes. */
  const elapse = () => {
    for (const timer of [...pending]) {
      pending.delete(timer);
      if (timer.ms !== DELAY) throw new Error(`the search waited ${timer.ms} ms, not ${DELAY}`);
      timer.run();
    }
  };
  return { later, elapse };
}

/** The learner pauses typing: the search delay passes on `clock`, then effects and fake answers settle. */
export async function pause(clock: ReturnType<typeof searchClock>) {
  clock.elapse();
  await settle();
}

/** Texts of the rendered cards. */
export const cardTexts = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.note-text')).map((p) => p.textContent);

/**
 * Lets rendering settle until `found()` holds (a lazy chunk such as the editor arriving), for up to
 * `ms` of wall-clock time: a chunk's first import under Node compiles it, which takes real time
 * (more when other tests run alongside), not a fixed number of ticks.
 */
export async function until<T>(found: () => T | null | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value) return value;
    if (Date.now() > end) throw new Error('never appeared');
    await settle(1);
  }
}
