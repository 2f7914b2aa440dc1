/**
 * CORS only for --allowed-origins (compared by parsed parts), with the headers docs/embedding.md
 * lists; without the option no cross-origin caller is answered with CORS headers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CORS_HEADERS } from '../../../server/src/app.ts';
import { startApp } from '../support/app-fixture.ts';

const preflight = (origin: string) => ({
  method: 'OPTIONS' as const,
  url: '/api/v1/notes/add',
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, idempotency-key',
  },
});

test('an allowed origin gets the preflight and the answers; another origin gets no CORS headers', async () => {
  const fx = await startApp({ allowedOrigins: ['https://notes.example:443', 'http://localhost:8080'] });
  try {
    const ok = await fx.app.inject(preflight('https://notes.example'));
    assert.is(ok.statusCode, 204);
    assert.is(ok.headers['access-control-allow-origin'], 'https://notes.example');
    assert.equal(String(ok.headers['access-control-allow-headers']).split(/, */), CORS_HEADERS);
    assert.equal(String(ok.headers['access-control-allow-methods']).split(/, */), ['GET', 'POST']);
    assert.ok(Number(ok.headers['access-control-max-age']) >= 3600);
    assert.is(ok.headers['access-control-allow-credentials'], undefined);
    const get = await fx.app.inject({ url: '/healthz', headers: { origin: 'http://localhost:8080' } });
    assert.is(get.headers['access-control-allow-origin'], 'http://localhost:8080');
    for (const origin of ['https://evil.example', 'https://notes.example.evil', 'http://notes.example']) {
      const no = await fx.app.inject(preflight(origin));
      assert.is(no.headers['access-control-allow-origin'], undefined, origin);
    }
  } finally {
    await fx.stop();
  }
});

test('without --allowed-origins: no CORS at all', async () => {
  const fx = await startApp();
  try {
    const r = await fx.app.inject(preflight('https://notes.example'));
    assert.is(r.headers['access-control-allow-origin'], undefined);
  } finally {
    await fx.stop();
  }
});

test.run();
