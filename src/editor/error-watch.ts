/**
 * Errors thrown inside Quill's own event handling (its keydown, paste or mutation handlers, its
 * emitter calling listeners) reach no caller of ours: the browser reports them as `error` events on
 * the window. This claims such an error for an editor when it was raised while an event inside the
 * editor was being handled (same task), or when its stack runs through the editor chunk and this
 * editor is the one in use (focused, or the only one mounted). Our own handlers are wrapped with
 * `guard` and report directly.
 */

/** Events whose handling inside the editor may run Quill code in the same task. */
const EVENTS = [
  'keydown',
  'keyup',
  'beforeinput',
  'input',
  'compositionstart',
  'compositionend',
  'paste',
  'cut',
  'copy',
  'drop',
  'mousedown',
  'mouseup',
  'click',
  'focusin',
  'focusout',
];

/** The code's own file, for telling its stack frames from others' (the editor chunk in the app). */
const OWN_FILE = import.meta.url;

const mounted = new Set<HTMLElement>();

/** Watches the window's error events for `container`'s editor; returns the function that stops it. */
export function watchErrors(container: HTMLElement, report: (error: unknown) => void): () => void {
  const doc = container.ownerDocument;
  const win = doc.defaultView;
  if (!win) return () => undefined;
  let busy = false;
  let timer: number | null = null;
  const mark = () => {
    busy = true;
    timer ??= win.setTimeout(() => {
      busy = false;
      timer = null;
    }, 0);
  };
  for (const type of EVENTS) container.addEventListener(type, mark, true);
  const onError = (event: ErrorEvent) => {
    const stack = event.error instanceof Error ? (event.error.stack ?? '') : '';
    const ours = event.filename === OWN_FILE || stack.includes(OWN_FILE);
    const inUse = container.contains(doc.activeElement) || mounted.size === 1;
    if (busy || (ours && inUse)) report(event.error ?? new Error(event.message));
  };
  win.addEventListener('error', onError);
  mounted.add(container);
  return () => {
    mounted.delete(container);
    win.removeEventListener('error', onError);
    for (const type of EVENTS) container.removeEventListener(type, mark, true);
    if (timer !== null) win.clearTimeout(timer);
  };
}

/** Wraps one of our handlers so that an error in it is reported, not thrown into Quill or the DOM. */
export function guarded<A extends unknown[], R>(
  report: (error: unknown) => void,
  fn: (...args: A) => R,
): (...args: A) => R | undefined {
  return (...args) => {
    try {
      return fn(...args);
    } catch (error) {
      report(error);
      return undefined;
    }
  };
}
