import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withoutHopHeaders } from '../../../harness/serve/hop-headers.ts';

test('drops connection-scoped headers and the ones Connection names, keeps the rest', () => {
  const out = withoutHopHeaders({
    connection: 'close, X-Hop',
    'keep-alive': 'timeout=5',
    'proxy-connection': 'keep-alive',
    upgrade: 'websocket',
    te: 'trailers',
    trailer: 'x',
    'x-hop': '1',
    'content-length': '12',
    'transfer-encoding': 'chunked',
    'set-cookie': ['a=1', 'b=2'],
    authorization: 'Bearer t',
    wid: 'w1',
  });
  assert.equal(out, {
    'content-length': '12',
    'transfer-encoding': 'chunked',
    'set-cookie': ['a=1', 'b=2'],
    authorization: 'Bearer t',
    wid: 'w1',
  });
});

test('end-to-end headers of issue 7 and 8 pass: Idempotency-Key, Accept-Encoding, Content-Encoding, Vary', () => {
  const kept = {
    'idempotency-key': '0b8f6c1e-4f1c-4c8e-9d55-2a8f3f1b9c10',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'content-encoding': 'br',
    vary: 'Accept-Encoding',
  };
  assert.equal(withoutHopHeaders({ ...kept, connection: 'keep-alive' }), kept);
});

test.run();
