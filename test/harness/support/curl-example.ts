/**
 * Reads a documented curl example (from a README section or a `--help` text) into the request it
 * makes, so tests can replay the docs against a real server and the docs cannot drift from it.
 */

/** What the example does: the learner whose token `$TOKEN` holds, the URL and the headers sent. */
export type CurlExample = { user: string; url: string; headers: [name: string, value: string][] };

/** The text of a README section, from its `## ` heading line up to the next `## ` heading. */
export function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/**
 * The one `TOKEN=$(harness token --user NAME)` + `curl …` example in `text`. Backslash line
 * continuations are joined; headers are the `-H "Name: value"` pairs, in order.
 */
export function curlExampleIn(text: string): CurlExample {
  const joined = text.replace(/\\\n\s*/g, ' ');
  const user = /TOKEN=\$\(harness token --user (\S+)\)/.exec(joined)?.[1];
  const curl = joined.split('\n').find((line) => /^\s*curl\s/.test(line));
  if (!user || !curl) throw new Error('no TOKEN=$(harness token --user …) and curl example found');
  const headers = [...curl.matchAll(/-H\s+"([^":]+):\s*([^"]*)"/g)].map((m): [string, string] => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
  const url = /\s(https?:\/\/\S+)\s*$/.exec(curl)?.[1];
  if (!url) throw new Error(`the curl example has no URL at its end: ${curl}`);
  return { user, url, headers };
}
