import { memo } from 'react';
import { highlightSegments, previewAround } from './highlight.ts';

/** Text with the parts matching `query` in `<mark>` (the search's hits, visible at a glance). */
export const Highlight = memo(function Highlight({
  text,
  query,
}: {
  text: string;
  query?: string | undefined;
}) {
  const segments = highlightSegments(text, query);
  return (
    // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text, rebuilt whole when it changes
    <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>
  );
});

/** Longest text a `/view` card shows before "…", in characters (`/` shows whole notes). */
export const PREVIEW = 280;

/**
 * How `/view` shapes a card: the text cut to a preview around the first match, and the matches
 * of the search marked in the title and the text.
 */
export const searchDecoration = (query: string) => (text: string, part: 'title' | 'text') => (
  <Highlight text={part === 'text' ? previewAround(text, query, PREVIEW) : text} query={query} />
);
