import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCursor, encodeCursor } from '../../../harness/api/cursor.ts';

const pos = { order: 'newest' as const, key: '2024-03-04T09:30:00.000Z', noteId: 'n-1' };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

test('round-trips and is URL-safe', () => {
  const c = encodeCursor(pos);
  assert.match(c, /^[A-Za-z0-9_-]+$/);
  assert.equal(decodeCursor(c, 'newest'), { ok: true, value: pos });
});

test('a cursor from another order is refused with a message saying so', () => {
  const r = decodeCursor(encodeCursor(pos), 'oldest');
  assert.equal(r, { ok: false, status: 400, error: 'cursor belongs to order newest, not oldest' });
});

test('malformed cursors are 400s', () => {
  for (const bad of [
    '',
    'not base64!',
    b64('x'),
    b64(['newest', '2024-03-04T09:30:00.000Z']),
    b64(['sideways', '2024-03-04T09:30:00.000Z', 'n']),
    b64(['newest', 'yesterday', 'n']),
    b64(['newest', '2024-03-04T09:30:00.000Z', '']),
    b64(['newest', '2024-03-04T09:30:00.000Z', 5]),
    'A'.repeat(3000),
  ]) {
    const r = decodeCursor(bad, 'newest');
    assert.is(r.ok, false, bad);
    assert.is(r.ok ? 0 : r.status, 400);
  }
});

test.run();
