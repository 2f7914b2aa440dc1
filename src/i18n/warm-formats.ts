/**
 * Builds once each Intl formatter the first screen formats with — a note's time ("3 days ago"),
 * counts and their plural forms — for `locale`, so the browser loads that locale's data while the
 * document is still arriving rather than inside the first render: the first RelativeTimeFormat of a
 * page costs about 20 ms, each later one a few microseconds, and building one is what loads the
 * data. The formatters are dropped; the engine keeps the data. Called by the early start
 * (src/boot/boot.ts) with a tag from our own list, which Intl never refuses.
 */
export function warmFormats(locale: string): void {
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
}
