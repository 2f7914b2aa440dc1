import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sentAgain, type WireEntry } from '../../soak/wire-log.ts';

const write = (over: Partial<WireEntry>): WireEntry => ({
  at: 0,
  path: '/notes/add',
  key: null,
  tokens: [],
  noteId: null,
  version: null,
  status: null,
  failure: null,
  answerId: null,
  answeredAt: null,
  ...over,
});

test('an add sent again after its 2xx is counted; its retries after a failure or a 503 are not', () => {
  const writes = [
    write({ at: 0, key: 'k1', failure: 'net::ERR_FAILED' }),
    write({ at: 10, key: 'k1', status: 503, answeredAt: 20 }),
    write({ at: 30, key: 'k1', status: 200, answeredAt: 40 }),
    write({ at: 50, key: 'k1', status: 200, answeredAt: 60 }), // the replay
    write({ at: 35, key: 'k2', status: 200, answeredAt: 45 }),
  ];
  assert.equal(
    sentAgain(writes).map((w) => w.at),
    [50],
  );
});

test('a repeat sent before the first answer came is a retry in flight, not counted', () => {
  const writes = [
    write({ at: 0, key: 'k1', status: 200, answeredAt: 100 }),
    write({ at: 50, key: 'k1', status: 200, answeredAt: 120 }),
  ];
  assert.equal(sentAgain(writes), []);
});

test('edits and deletes are the same write by path, note and version', () => {
  const writes = [
    write({ at: 0, path: '/notes/update', noteId: 'n1', version: 3, status: 200, answeredAt: 5 }),
    write({ at: 10, path: '/notes/update', noteId: 'n1', version: 4, status: 200, answeredAt: 15 }),
    write({ at: 20, path: '/notes/update', noteId: 'n1', version: 3, status: 409, answeredAt: 25 }),
    write({ at: 30, path: '/notes/delete', noteId: 'n1', version: 3 }),
  ];
  assert.equal(
    sentAgain(writes).map((w) => w.at),
    [20],
  );
});

test.run();
