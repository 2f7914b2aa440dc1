/**
 * Runs the harness API (the notes service behind the fault proxy) in a child process for the crash test: `node --import tsx api-child.ts <dataFile> <secret>`.
 * Prints one JSON line `{ "url": … }` once listening, then serves until killed.
 */
import { pathToFileURL } from 'node:url';
import { startApi } from '../../../../harness/api/server.ts';

/** Starts the API from argv and reports its URL; does nothing when merely imported. */
function main(): void {
  const [dataFile, secret] = process.argv.slice(2);
  if (!dataFile || !secret) {
    process.stderr.write('usage: api-child.ts <dataFile> <secret>\n');
    process.exit(2);
  }
  startApi({ dataFile, secret }).then(
    (api) => process.stdout.write(`${JSON.stringify({ url: api.url })}\n`),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
