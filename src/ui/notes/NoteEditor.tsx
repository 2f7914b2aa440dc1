import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { plainTextToHtml } from '../../format/plain-html.ts';
import type { Problem } from '../../notes/describe-error.ts';
import type { NoteChanges, SaveResult } from '../../notes/note-writes.ts';
import { useServices } from '../services.ts';
import { useT } from '../use-value.ts';

/** What every note editor takes: the text to start from, and what to do on save and cancel. */
export type NoteEditorProps = {
  initialText: string;
  /** Which draft this editor keeps its unsaved text in (`edit:<noteId>`, `new:<refId>`). */
  draftKey: string;
  /** Resolves when the save ended; on failure the editor stays open with the learner's text. */
  onSave(changes: NoteChanges): Promise<SaveResult>;
  onCancel(): void;
};

/**
 * The note editor until the rich-text editor lands: a labelled text area, Save and Cancel.
 * Ctrl/Cmd+Enter saves; Escape cancels, asking first when there are unsaved changes. A failed
 * save keeps the text and says why (the learner never loses what they typed).
 */
export function NoteEditor({ initialText, draftKey, onSave, onCancel }: NoteEditorProps) {
  const { platform, notes } = useServices();
  const t = useT();
  const id = useId();
  const [text, setText] = useState(() => notes.drafts.get(draftKey) ?? initialText);
  const edit = (next: string) => {
    setText(next);
    if (next === initialText) notes.drafts.remove(draftKey);
    else notes.drafts.set(draftKey, next);
  };
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);

  const save = async () => {
    if (saving) return;
    if (!text.trim()) {
      setProblem({ kind: 'other', retry: false, message: 'Write something before saving.' });
      area.current?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    const result = await onSave({ content: plainTextToHtml(text), text });
    setSaving(false);
    if (result.ok) notes.drafts.remove(draftKey);
    else {
      setProblem(result.problem);
      area.current?.focus();
    }
  };
  const cancel = () => {
    if (text !== initialText && !platform.confirm(t('Discard your changes to this note?'))) return;
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
      <label htmlFor={`${id}-text`}>{t('Note')}</label>
      <textarea
        id={`${id}-text`}
        ref={area}
        rows={5}
        value={text}
        dir="auto"
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        onInput={(event) => edit(event.currentTarget.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="form-problem">
          {t(problem.message)}
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
