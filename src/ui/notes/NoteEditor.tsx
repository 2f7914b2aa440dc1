import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { PROBLEM_MESSAGES, type Problem } from '../../notes/read/describe-error.ts';
import type { NoteChanges, SaveResult } from '../../notes/write/note-writes.ts';
import { sameTags } from '../../notes/write/tag-list.ts';
import { hasCloze } from '../../protocol/review-rules.ts';
import { ImageDropWarning } from '../editor/ImageDropWarning.tsx';
import { RichEditor, type RichEditorControl } from '../editor/RichEditor.tsx';
import { useEditorStart } from '../editor/use-editor-start.ts';
import { useImageUpload } from '../editor/use-image-upload.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';
import { TagField, type TagFieldControl } from './TagField.tsx';

/** What every note editor takes: the content to start from, and what to do on save and cancel. */
export type NoteEditorProps = {
  /** The note's plain text ('' for a new note). */
  initialText: string;
  /** The note's stored HTML ('' for a new note); without it, the text as HTML. */
  initialHtml?: string;
  /** The note's tags (none for a new note); a draft's tags, when it has them, come first. */
  initialTags?: readonly string[];
  /** The note's "Review this note" (`Note.inReview`; false for a new note); a draft's comes first. */
  initialInReview?: boolean | undefined;
  /** Which draft this editor keeps its unsaved content in (`edit:<noteId>`, `new:<refId>`). */
  draftKey: string;
  /** Resolves when the save ended; on failure the editor stays open with the learner's content. */
  onSave(changes: NoteChanges): Promise<SaveResult>;
  onCancel(): void;
};

const NO_TAGS: readonly string[] = [];

/** Saving with nothing written. */
const EMPTY: Problem = { kind: 'other', retry: false, message: 'Write something before saving.' };
/** Saving while an image is still on its way (it would be left out). */
const UPLOADING: Problem = {
  kind: 'other',
  retry: false,
  message: 'Wait until the image has finished uploading.',
};

/**
 * The note form: the rich-text editor (with its crash watchdog and plain-text fallback), "Review
 * this note", Save and Cancel. A note whose text hides words is in review whatever the box says
 * (src/protocol/review-rules.ts): the box then shows checked, unavailable, with a hint saying why,
 * and the learner's own choice comes back when the hidden words go. `inReview` is sent only when
 * it differs from the note's (an add: only when ticked), so an API without review never sees it
 * unless the learner asks for review. Every change is kept as a draft (restored when the editor opens again); saving hands the
 * content to the model, which moves the draft into its outbox; Cancel drops the draft. Ctrl/Cmd+Enter
 * saves; Escape cancels, asking first when there are unsaved changes. A failed save keeps the
 * content and says why.
 */
export function NoteEditor(props: NoteEditorProps) {
  const { initialText, initialHtml, initialTags = NO_TAGS, draftKey, onSave, onCancel } = props;
  const initialInReview = props.initialInReview === true;
  const { page, notes, sanitizer } = useServices();
  const t = useT();
  const id = useId();
  const durable = useValue(notes.drafts.durable);
  const start = useEditorStart(draftKey, initialHtml, initialText);
  const control = useRef<RichEditorControl | null>(null);
  const content = useRef<NoteChanges | null>(null);
  /** The content as the editor first wrote it: a change back to it is no change. */
  const baseline = useRef<string | null>(null);
  const changed = useRef(false);
  /** The tags as the field holds them; null until the editor starts (a draft's tags come first). */
  const [tags, setTags] = useState<readonly string[] | null>(null);
  const tagField = useRef<TagFieldControl | null>(null);
  /** "Review this note" as ticked; null until the editor starts (a draft's choice comes first). */
  const [review, setReview] = useState<boolean | null>(null);
  /** Whether the text hides words (the editor's content as last changed); null: as it started. */
  const [hiding, setHiding] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** How many images the save just asked about would leave out (0: no warning shown). */
  const [leaving, setLeaving] = useState(0);
  const images = useImageUpload((url) => control.current?.insertImage(url) ?? false);
  const say = (problem: Problem) => t(problem.message);

  const startTags = () => (start && notes.drafts.get(draftKey)?.tags) || initialTags;
  const tagsNow = tags ?? startTags();
  const startReview = () => (start && notes.drafts.get(draftKey)?.inReview) ?? initialInReview;
  const reviewNow = review ?? startReview();
  const hidingNow = hiding ?? hasCloze(start?.html ?? '');
  /**
   * Keeps the draft in step: text, tags or "Review this note" changed (a tags-only edit is a
   * change), else no draft.
   */
  const keep = (html: string, text: string, next: readonly string[], inReview = reviewNow) => {
    changed.current =
      Boolean(start?.restored) ||
      html !== baseline.current ||
      !sameTags(next, initialTags) ||
      inReview !== initialInReview;
    const review = inReview !== initialInReview && { inReview }; // kept only when it is a change
    if (changed.current) notes.drafts.set(draftKey, { content: html, text, tags: [...next], ...review });
    else notes.drafts.remove(draftKey);
  };
  const contentNow = () =>
    content.current ?? {
      content: baseline.current ?? start?.html ?? '',
      text: start?.text ?? '',
    };
  const edit = (html: string, text: string) => {
    content.current = { content: html, text };
    setLeaving(0); // a changed note is asked about again
    setHiding(hasCloze(html));
    keep(html, text, tagsNow);
  };
  const editTags = (next: readonly string[]) => {
    setTags(next);
    const now = contentNow();
    keep(now.content, now.text, next);
  };
  const editReview = (next: boolean) => {
    setReview(next);
    const now = contentNow();
    keep(now.content, now.text, tagsNow, next);
  };
  /** Saves; asks first when images would be left out, unless the learner said to (`leaveOut`). */
  const save = async (leaveOut = false) => {
    if (saving || !start) return;
    const now = content.current ?? { content: start.html, text: start.text };
    const refuse = (why: Problem) => {
      setProblem(why);
      control.current?.focus();
    };
    if (images.busy()) return refuse(UPLOADING);
    const savedTags = tagField.current ? tagField.current.commit() : tagsNow; // what is still typed is meant
    if (!savedTags) return; // refused: the tag field says why
    if (!now.text.trim() && !/<img\s/i.test(now.content)) return refuse(EMPTY);
    setSaving(true);
    setProblem(null);
    // Sanitised before it is sent (and again whenever it is shown): the one DOMPurify configuration.
    // Images it would drop (left out when the editor opened, or not allowed now) are asked about first.
    const result = await sanitizer.load().then<SaveResult | 'ask', SaveResult>(
      (clean) => {
        const lost = start.dropped.length + clean.droppedImages(now.content).length;
        setLeaving(lost > 0 && !leaveOut ? lost : 0);
        return lost > 0 && !leaveOut
          ? 'ask'
          : onSave({
              content: clean(now.content),
              text: now.text,
              tags: [...savedTags],
              ...(reviewNow !== initialInReview && { inReview: reviewNow }),
            });
      },
      (): SaveResult => ({
        ok: false,
        problem: { kind: 'offline', retry: true, message: PROBLEM_MESSAGES.offline },
      }),
    );
    if (result === 'ask') return setSaving(false);
    setSaving(false);
    if (!result.ok) refuse(result.problem);
  };
  const cancel = () => {
    if (changed.current && !page.confirm(t('Discard your changes to this note?'))) return;
    notes.drafts.remove(draftKey);
    onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <form
      className="note-editor"
      onKeyDown={onKeyDown}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      {/* One notice for what storage costs: all of it refused by the browser, or drafts alone (full). */}
      {notes.refused ? (
        <p className="editor-warning">
          {t(
            'Your browser doesn’t let this page keep anything on this device. Notes you save still reach your account, but drafts are lost if the page closes or reloads, and no notes are kept for reading offline.',
          )}
        </p>
      ) : (
        !durable && (
          <p className="editor-warning">
            {t('Drafts can’t be kept on this device: they will be lost if the page closes.')}
          </p>
        )
      )}
      {start?.restored && <p className="editor-status">{t('Draft restored')}</p>}
      {/* Above the text: Tab from the text goes on to Save, and back into it keeps the caret where it was. */}
      {start && <TagField tags={tagsNow} onChange={editTags} control={tagField} />}
      {start ? (
        <RichEditor
          id={`${id}-label`}
          initial={start}
          autoFocus
          describedBy={problem ? `${id}-problem` : null}
          control={control}
          onReady={(html) => {
            baseline.current = start.restored ? null : html;
            changed.current = start.restored;
          }}
          onChange={edit}
          onImage={images.onImage}
        />
      ) : (
        <div className="rt-host editor-loading" aria-hidden="true" />
      )}
      {start && (
        <div className="editor-review">
          {/* With hidden words the box can't be unticked; still focusable, so its hint is heard. */}
          <input
            type="checkbox"
            id={`${id}-review`}
            checked={hidingNow || reviewNow}
            aria-disabled={hidingNow || undefined}
            aria-describedby={hidingNow ? `${id}-review-why` : undefined}
            onClick={(event) => {
              if (hidingNow) event.preventDefault();
            }}
            onChange={(event) => {
              if (!hidingNow) editReview(event.currentTarget.checked);
            }}
          />
          <label htmlFor={`${id}-review`}>{t('Review this note')}</label>
          {hidingNow && (
            <p id={`${id}-review-why`} className="editor-review-why">
              {t('Notes with hidden words are always reviewed.')}
            </p>
          )}
        </div>
      )}
      {images.progress !== null && (
        <div className="editor-upload">
          <label htmlFor={`${id}-upload`}>{t('Uploading image…')}</label>
          <progress id={`${id}-upload`} max={1} value={images.progress} />
        </div>
      )}
      {images.problem && (
        <p className="form-problem" role="alert">
          {say(images.problem)}
        </p>
      )}
      {leaving > 0 && (
        <ImageDropWarning
          count={leaving}
          onLeaveOut={() => void save(true)}
          onBack={() => {
            setLeaving(0);
            control.current?.focus();
          }}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} className="form-problem">
          {say(problem)}
        </p>
      )}
      <div className="editor-actions">
        <button type="submit" className="btn" aria-disabled={saving || undefined}>
          {saving ? t('Saving…') : t('Save')}
        </button>
        <button type="button" className="btn-secondary" onClick={cancel}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
