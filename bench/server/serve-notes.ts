/**
 * The notes service with a chosen SQLite `synchronous`, which notes-server does not offer: the same
 * parts its serve command composes (openStore, createAuthenticator in dev mode, buildApp with its
 * default limits), JSON logs at info level into a file, on 127.0.0.1 on a free port, printing its URL.
 * The bench uses it to show what synchronous=FULL costs against NORMAL.
 *
 *   node --import tsx bench/server/serve-notes.ts --database FILE|postgres://… --secret S --files-dir DIR
 *     [--synchronous full|normal] [--log FILE]
 */
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/src/app.ts';
import { createAuthenticator } from '../../server/src/auth/index.ts';
import { openStore } from '../../server/src/store/notes-store.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    secret: { type: 'string' },
    'files-dir': { type: 'string' },
    synchronous: { type: 'string', default: 'full' },
    log: { type: 'string', default: '/dev/null' },
  },
});
if (!values.database || !values.secret || !values['files-dir']) {
  console.error('serve-notes: --database, --secret and --files-dir are required');
  process.exit(2);
}
const synchronous = values.synchronous === 'normal' ? 'normal' : 'full';
const store = await openStore(values.database, { synchronous });
const authenticator = await createAuthenticator({ mode: 'dev', secret: values.secret });
const app = await buildApp({
  store,
  authenticator,
  files: values['files-dir'],
  log: { level: 'info', stream: createWriteStream(values.log) },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(url);
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => store.close())
    .then(() => {
      authenticator.close();
      process.exit(0);
    });
});
