/**
 * `npm run openapi`: writes docs/openapi.json from the route table (`--check`: exits 1 when the
 * committed file differs). The table is bound to parts that throw, since no handler runs here.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { routeTable } from '../route-table.ts';
import { openApiText } from './document.ts';

/** Where the document is committed. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));

const inert = new Proxy(
  {},
  {
    get() {
      throw new Error('the route table was bound for documentation only');
    },
  },
);

/** The document's text, from a table bound to nothing. */
export function documentText(): string {
  return openApiText(
    routeTable({
      store: inert as never,
      files: inert as never,
      now: () => new Date(0),
      newId: () => '',
      quotaBytes: 0,
    }),
  );
}

async function main(): Promise<void> {
  const text = documentText();
  if (process.argv.includes('--check')) {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    if (committed !== text) {
      process.stderr.write('docs/openapi.json is out of date: run npm run openapi\n');
      process.exit(1);
    }
    return;
  }
  await writeFile(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
