/** Reads the inline blocks out of a built index.html, for the build's tests. */

/** The early start, the stylesheet and the app, exactly as they stand in the document. */
export function inlineBlocks(html: string): { early: string; style: string; app: string } {
  const early = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const app = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (early === undefined || style === undefined || app === undefined)
    throw new Error('index.html lacks an inline early start, stylesheet or app');
  return { early, style, app };
}
