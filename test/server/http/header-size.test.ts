/**
 * Oversized tokens over a real socket: a token of 16 kB or less that is not valid is a 401 (it
 * reaches the authenticator), a header beyond the server's limit is Node's 431.
 */
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_HEADER_BYTES } from '../../../server/src/app.ts';
import { ASHA, startApp } from '../support/app-fixture.ts';

test('16 kB of garbage as the token: 401; a header over the limit: 431; nothing stored', async () => {
  const fx = await startApp();
  try {
    const url = await fx.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      wid: ASHA.wid,
      rootorg: ASHA.rootOrg,
      org: ASHA.org,
      domain: 'd',
    });
    const garbage = randomBytes(12 * 1024)
      .toString('base64url')
      .slice(0, 16 * 1024);
    const r = await fetch(`${url}/api/v1/notes/recent`, { headers: headers(garbage) });
    assert.is(r.status, 401);
    assert.match(((await r.json()) as { error: string }).error, /^Unauthorized: /);
    const huge = await fetch(`${url}/api/v1/notes/recent`, {
      headers: headers('a'.repeat(MAX_HEADER_BYTES + 1024)),
    });
    assert.is(huge.status, 431);
    const c = fx.client(ASHA);
    assert.equal((await c.get('/notes/recent')).json, []);
  } finally {
    await fx.stop();
  }
});

test.run();
