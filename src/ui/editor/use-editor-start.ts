import { useEffect, useState } from 'react';
import { plainTextToHtml } from '../../format/plain-html.ts';
import { useServices } from '../services.ts';
import type { Snapshot } from './watchdog.ts';

/**
 * What an editor opens with, whether that is a draft the learner left, and the images the
 * sanitiser left out of it (addresses no allowed origin serves): a save tells the learner first.
 */
export type EditorStart = Snapshot & { restored: boolean; dropped: string[] };

/**
 * The content an opening editor starts from: the learner's draft under `draftKey` when there is
 * one ("Draft restored" is announced), else the note's HTML (or its text as HTML). Null until the
 * write side — where drafts live — is in. Passed through the sanitiser when it is loaded; the
 * editor parses HTML inertly and keeps only its own formats either way.
 */
export function useEditorStart(draftKey: string, html: string | undefined, text: string): EditorStart | null {
  const { notes, announcer, sanitizer } = useServices();
  const [start, setStart] = useState<EditorStart | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor opens: what it starts from is fixed then, and a later draft or prop must not replace what the learner is typing
  useEffect(() => {
    let live = true;
    void sanitizer.load().catch(() => undefined); // for the next editor, if not in yet
    notes
      .ready()
      .catch(() => undefined) // no write side: no draft to find; saving will say what is wrong
      .then(() => {
        if (!live) return;
        const draft = notes.drafts.get(draftKey);
        const clean = sanitizer.current();
        const content = draft?.content ?? (html || plainTextToHtml(text)); // '' HTML: an old plain note
        setStart({
          html: clean ? clean(content) : content,
          text: draft?.text ?? text,
          restored: Boolean(draft),
          dropped: clean ? clean.droppedImages(content) : [],
        });
        if (draft) announcer.announce('Draft restored');
      });
    return () => {
      live = false;
    };
  }, []);
  return start;
}
