import { memo } from 'react';
import { highlightSegments } from '../../format/highlight.ts';

/** Text with the parts matching `query` in `<mark>` (the search's hits, visible at a glance). */
export const Highlight = memo(function Highlight({
  text,
  query,
}: {
  text: string;
  query?: string | undefined;
}) {
  const segments = highlightSegments(text, query);
  return <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
});
