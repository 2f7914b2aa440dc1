/**
 * Builds, once, the Intl formatter that costs the first screen most to build first: the relative
 * time of a note ("3 days ago") in `locale`. The first RelativeTimeFormat of a page loads that
 * locale's data (about 20 ms, measured inside the first render of a cold start); each later one
 * costs microseconds. So the early start builds it while the document is still arriving, and the
 * engine keeps the data when the formatter is dropped. NumberFormat and PluralRules cost about 5 ms
 * together the first time and are left to the render: warming them measured +47 B brotli. Called
 * by the early start (src/boot/boot.ts) with a tag from our own list, which Intl never refuses.
 */
export function warmFormats(locale: string): void {
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
}
