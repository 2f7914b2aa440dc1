import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import type { EditorHandle } from '../../editor/types.ts';
import { clozeTextPlain, clozeTextToHtml, textWithCloze } from '../../format/cloze-text.ts';
import { hasCloze } from '../../protocol/review-rules.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';
import { Host, type Run } from './EditorHost.tsx';
import { editorLabels } from './labels.ts';
import { loadEditor } from './load-editor.ts';
import { PlainFallback } from './PlainFallback.tsx';
import { createWatchdog, type Snapshot } from './watchdog.ts';

/** What the note form can ask of the editor, whichever form it has now (rich or fallback). */
export type RichEditorControl = {
  focus(): void;
  /** Inserts an uploaded image; false when the editor can't (the plain text fallback). */
  insertImage(url: string): boolean;
};

/** Props of the editor. */
export type RichEditorProps = {
  /** The content to start from (sanitised). */
  initial: Snapshot;
  /** Id for the label; the text area of the fallback gets `${id}-text`. */
  id: string;
  /** Ids of elements describing a problem with the note (it is then marked invalid). */
  describedBy: string | null;
  autoFocus: boolean;
  /** The content changed: the HTML to store and its plain text. */
  onChange(html: string, text: string): void;
  /** The first editor is ready and holds `html` (the content in the editor's own words). */
  onReady?(html: string): void;
  onImage(file: File): void;
  control: MutableRefObject<RichEditorControl | null>;
  /** The watchdog's clock (tests). */
  now?: () => number;
};

/**
 * The rich-text editor with its watchdog (docs/constants.md): the editor bundle is loaded and mounted here,
 * and every error of it — thrown by Quill or our code (editor.ts reports both), or a failed fetch
 * of the bundle — restarts it with the freshest content it can read (the current content, else the
 * last snapshot) and says so; past the limit, a plain text area takes over with the learner's text
 * (PlainFallback). No React error boundary of its own: what renders here is a label, an empty div
 * and a text area, and all editor work runs in effects and handlers whose errors are caught (a
 * class boundary would also add an export to the first load); the screen's boundary remains.
 */
/**
 * Whether the learner has already moved into another field of this editor's form (the tags, Save)
 * while the editor bundle was on its way: its arrival must not take the focus — and their typing —
 * from there.
 */
function focusMovedOn(container: HTMLElement): boolean {
  const active = container.ownerDocument.activeElement;
  const form = container.closest('form');
  return !!active && !!form && form.contains(active) && !container.contains(active);
}

export function RichEditor(props: RichEditorProps) {
  const t = useT();
  const { i18n, announcer } = useServices();
  const dir = useValue(i18n.dir);
  const labels = editorLabels(t);
  const latest = useRef({ props, labels, dir });
  latest.current = { props, labels, dir };
  const [dog] = useState(() => createWatchdog(props.initial, props.now ?? Date.now));
  const [run, setRun] = useState<Run>({ gen: 0, content: props.initial, focus: props.autoFocus });
  const [fallback, setFallback] = useState<{ text: string; focus: boolean } | null>(null);
  const live = useRef<{ gen: number; handle: EditorHandle | null }>({ gen: 0, handle: null });
  const shown = useRef(run);
  shown.current = run;
  const label = useRef<HTMLSpanElement>(null);
  /** The fallback's text: hidden words between {{ and }} (an inert document parses the HTML). */
  const fallbackText = ({ html, text }: Snapshot) => {
    const doc = label.current?.ownerDocument.implementation?.createHTMLDocument('');
    return doc && hasCloze(html) ? textWithCloze(html, text, doc) : text;
  };

  const [onError] = useState(() => (gen: number, error: unknown) => {
    if (gen !== live.current.gen) return; // a report from an editor already replaced
    const { handle } = live.current;
    live.current = { gen: gen + 1, handle: null };
    console.error('Notes: the editor failed', error);
    let content: Snapshot | null = null;
    // A run that never mounted (its bundle fetch failed) passes on the focus it was to take.
    let focus = !handle && shown.current.gen === gen && shown.current.focus;
    try {
      if (handle) {
        content = { html: handle.getHtml(), text: handle.getText() };
        focus = handle.hasFocus();
      }
    } catch {
      content = null; // unreadable: the last snapshot it is
    }
    content ??= dog.snapshot();
    try {
      handle?.destroy();
    } catch {
      // a broken editor may fail to go: its element goes with the next render anyway
    }
    latest.current.props.onChange(content.html, content.text);
    if (dog.crash() === 'restart') {
      setRun({ gen: gen + 1, content, focus });
      announcer.announce('The editor had a problem and was restarted. Your text is still here.');
    } else {
      setFallback({ text: fallbackText(content), focus });
      announcer.announce(
        'The editor stopped working, so this is a plain text box. Your text is here and you can still save it.',
      );
    }
  });

  const [mount] = useState(() => async (container: HTMLElement, r: Run): Promise<EditorHandle | null> => {
    const editor = await loadEditor();
    if (r.gen !== live.current.gen) return null;
    const { labels: l, dir: d } = latest.current;
    const handle = editor.mountRichEditor(container, {
      html: r.content.html,
      labels: l,
      dir: d,
      labelledBy: latest.current.props.id,
      onChange(html, text) {
        dog.offer({ html, text });
        latest.current.props.onChange(html, text);
      },
      onError: (error) => onError(r.gen, error),
      onImage: (file) => latest.current.props.onImage(file),
    });
    live.current = { gen: r.gen, handle };
    handle.describe(latest.current.props.describedBy);
    if (r.focus && !focusMovedOn(container)) handle.focus(true);
    if (r.gen === 0) latest.current.props.onReady?.(handle.getHtml());
    return handle;
  });

  props.control.current = {
    focus: () => (fallback ? undefined : live.current.handle?.focus()),
    insertImage(url) {
      if (fallback || !live.current.handle) return false;
      live.current.handle.insertImage(url);
      return true;
    },
  };
  const wording = Object.values(labels).join('\n'); // changes with the learner's language
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wording` is the labels' text, the change that matters (the labels object is new each render); the effect reads the newest through `latest`
  useEffect(() => live.current.handle?.setLabels(latest.current.labels), [wording]);
  useEffect(() => live.current.handle?.describe(props.describedBy), [props.describedBy]);

  if (fallback)
    return (
      <PlainFallback
        id={`${props.id}-text`}
        text={fallback.text}
        focus={fallback.focus}
        describedBy={props.describedBy}
        onChange={(text) => props.onChange(clozeTextToHtml(text), clozeTextPlain(text))}
      />
    );
  return (
    <>
      <span id={props.id} className="rt-label" ref={label}>
        {t('Note')}
      </span>
      <Host key={run.gen} run={run} mount={mount} onError={onError} />
    </>
  );
}
