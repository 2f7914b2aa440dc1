import { useRef, useState } from 'react';
import type { Problem } from '../../notes/read/describe-error.ts';
import { useServices } from '../services.ts';
import { checkImage, UPLOAD_FAILED } from './image-check.ts';

/** An upload's state for the note form. */
export type ImageUpload = {
  /** Hands a file from the editor (picked, pasted, dropped): checked, uploaded, then inserted. */
  onImage(file: File): void;
  /** The current upload's progress (0–1), or null when none runs. */
  progress: number | null;
  /** Why the last image could not be added, or null. */
  problem: Problem | null;
  /** True while an upload runs or waits (saving then would lose the image). */
  busy(): boolean;
};

/**
 * Image uploads for the editor, one at a time in the order given: type and size are checked
 * before a byte is sent, progress is shown while it goes, the server's refusal after; only the URL
 * the upload answered reaches the note (`insert`), and the sanitiser is told to keep it.
 */
export function useImageUpload(insert: (url: string) => boolean): ImageUpload {
  const { notes, announcer, sanitizer } = useServices();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);

  const uploadOne = async (file: File) => {
    const wrong = checkImage(file);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    const upload = notes.uploadImage as typeof notes.uploadImage | undefined;
    if (typeof upload !== 'function') return setProblem(UPLOAD_FAILED);
    setProgress(0);
    const outcome = await upload(file, (fraction) => setProgress(Math.max(0, Math.min(1, fraction)))).catch(
      () => null,
    );
    setProgress(null);
    if (outcome?.ok) {
      // The upload answered this address: this page's sanitiser keeps it, whatever its origin.
      await sanitizer.load().then(
        (clean) => clean.keepUpload(outcome.url),
        () => undefined,
      );
      if (insert(outcome.url)) announcer.announce('Image added');
    } else setProblem(outcome ? { ...UPLOAD_FAILED, message: outcome.message } : UPLOAD_FAILED);
  };

  return {
    onImage(file) {
      waiting.current += 1;
      queue.current = queue.current.then(() =>
        uploadOne(file).finally(() => {
          waiting.current -= 1;
        }),
      );
    },
    progress,
    problem,
    busy: () => waiting.current > 0,
  };
}
