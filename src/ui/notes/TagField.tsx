import { type KeyboardEvent, type MutableRefObject, useId, useMemo, useState } from 'react';
import { addTag, removeTag, splitTyped } from '../../notes/write/tag-list.ts';
import { MAX_TAG_CHARS, MAX_TAGS, type TagProblem } from '../../protocol/tag-rules.ts';
import { useServices } from '../services.ts';
import { useT, useValue } from '../use-value.ts';
import { TagRefusal } from './TagRefusal.tsx';
import { buildTagIndex, suggestTags } from './tag-suggestions.ts';

/** A refusal to show next to the field: why, and the tag it concerns. */
export type Refusal = { reason: TagProblem; tag: string };

/** What the note editor reads from the field when it saves. */
export type TagFieldControl = {
  /**
   * Adds what is still typed in the field (a learner who types a tag and saves means it): the
   * tags then, or null when it was refused (the field says why and keeps it).
   */
  commit(): readonly string[] | null;
};

/** The field's props: the tags, how they change, and the editor's handle on it. */
export type TagFieldProps = {
  tags: readonly string[];
  onChange(tags: readonly string[]): void;
  control: MutableRefObject<TagFieldControl | null>;
};

/**
 * The note's tags as chips, and a combobox to add more (docs/search.md). Typing and Enter or a comma
 * adds a tag; Backspace in the empty field removes the last one; each chip has its own labelled
 * remove button. Suggestions, from the learner's own tags, are a listbox the arrow keys move
 * through (the input keeps the focus: `aria-activedescendant`); Escape closes it. A tag refused by
 * the rules (≤ 10, ≤ 40 characters, unique ignoring case) stays typed, and why is said next to the
 * field — its description, and a polite live region.
 */
export function TagField({ tags, onChange, control }: TagFieldProps) {
  const { notes } = useServices();
  const t = useT();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const visible = useValue(notes.cache.visible);
  const index = useMemo(() => buildTagIndex(visible), [visible]);
  const suggestions = open ? suggestTags(index, typed, tags) : [];
  const shown = suggestions.length > 0;

  /** Adds each of `values` in turn; stops at the first refused one, which stays typed with `rest`. */
  const add = (values: readonly string[], rest: string): readonly string[] | null => {
    let next = tags;
    for (const [i, value] of values.entries()) {
      const result = addTag(next, value);
      if (result.ok) {
        next = result.tags;
        continue;
      }
      if (result.reason === 'empty') continue;
      if (next !== tags) onChange(next);
      setTyped([...values.slice(i), rest].filter(Boolean).join(', '));
      setRefusal({ reason: result.reason, tag: result.existing ?? value });
      return null;
    }
    if (next !== tags) onChange(next);
    setTyped(rest);
    setRefusal(null);
    setActive(-1);
    return next;
  };
  control.current = { commit: () => (typed.trim() ? add([typed], '') : tags) };

  const remove = (tag: string) => {
    onChange(removeTag(tags, tag));
    setRefusal(null);
  };
  const onInput = (value: string) => {
    const { done, rest } = splitTyped(value);
    setOpen(true);
    setActive(-1);
    if (done.length) add(done, rest);
    else {
      setTyped(value);
      if (refusal?.reason !== 'too-many') setRefusal(null); // at the limit, that stays said
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key;
    if (key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault(); // not the form's submit: Enter adds the tag
      const choice = shown && active >= 0 ? suggestions[active] : undefined;
      if (choice !== undefined) add([choice], '');
      else if (typed.trim()) add([typed], '');
      setOpen(false);
    } else if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const n = suggestions.length;
      if (n) setActive((a) => (key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (key === 'Escape' && shown) {
      event.preventDefault();
      event.stopPropagation(); // closes the list; a second Escape cancels the editor
      setOpen(false);
      setActive(-1);
    } else if (key === 'Backspace' && typed === '' && tags.length) {
      event.preventDefault();
      remove(tags[tags.length - 1]!);
    }
  };

  return (
    <div className="tag-field">
      <label htmlFor={`${id}-input`}>{t('Tags')}</label>
      {tags.length > 0 && (
        <ul className="tag-chips" aria-label={t('Tags of this note')}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span dir="auto">{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={t('Remove tag {tag}', { tag })}
                onClick={() => remove(tag)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-combo">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          dir="auto"
          autoComplete="off"
          value={typed}
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint ${id}-problem`}
          aria-invalid={refusal ? true : undefined}
          onInput={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          className="tag-suggestions"
          aria-label={t('Your tags')}
          hidden={!shown}
        >
          {suggestions.map((tag, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern — the input keeps the focus and names the active option (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (arrows, Enter); a click is the pointer's way to pick
            <div
              key={tag}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              dir="auto"
              // The input keeps the focus: a pointer picks without blurring it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                add([tag], '');
                setOpen(false);
              }}
            >
              {tag}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="tag-hint">
        {t('Press Enter or type a comma to add a tag: up to {max} tags of {chars} characters each.', {
          max: MAX_TAGS,
          chars: MAX_TAG_CHARS,
        })}
      </p>
      <p id={`${id}-problem`} className="form-problem" role="status">
        {refusal && <TagRefusal refusal={refusal} />}
      </p>
    </div>
  );
}
