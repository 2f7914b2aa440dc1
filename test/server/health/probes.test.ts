/** /healthz answers while the process runs; /readyz only while the database answers, else 503. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../../server/src/store/notes-store.ts';
import { startApp } from '../support/app-fixture.ts';
import { freshDatabase } from '../support/databases.ts';

test('healthz 200; readyz 200, then 503 once the database is gone; no auth needed', async () => {
  const db = await freshDatabase('sqlite');
  const store = await openStore(db.url);
  const fx = await startApp({ store });
  try {
    assert.equal((await fx.app.inject({ url: '/healthz' })).json(), { status: 'ok' });
    const ready = await fx.app.inject({ url: '/readyz' });
    assert.equal([ready.statusCode, ready.json()], [200, { status: 'ready' }]);
    await store.close();
    const down = await fx.app.inject({ url: '/readyz' });
    assert.is(down.statusCode, 503);
    assert.is((await fx.app.inject({ url: '/healthz' })).statusCode, 200);
  } finally {
    await fx.app.close();
    await db.drop();
  }
});

test.run();
