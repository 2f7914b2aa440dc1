import { IDBFactory } from 'fake-indexeddb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSentLedger, LEDGER_KEEP_MS, type LedgerTimer } from '../../../src/notes/write/sent-ledger.ts';
import { L1, L2, NOW } from '../../fakes/write-side.ts';

/** Real timers: fake-indexeddb answers on later tasks, which a fake clock would never reach. */
const timer: LedgerTimer = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as number),
};

test('an item recorded by one frame is seen by another frame’s ledger over the same database', async () => {
  const idb = new IDBFactory();
  const a = createSentLedger(idb, L1, () => NOW, timer);
  const b = createSentLedger(idb, L1, () => NOW, timer);
  assert.is(await b.has('item-1'), false);
  await a.add('item-1');
  assert.is(await b.has('item-1'), true, 'seen once add() resolved');
  assert.is(await b.has('item-2'), false);
});

test('one learner’s items are not another’s', async () => {
  const idb = new IDBFactory();
  await createSentLedger(idb, L1, () => NOW, timer).add('item-1');
  assert.is(await createSentLedger(idb, L2, () => NOW, timer).has('item-1'), false);
});

test('entries older than a day are dropped when a ledger opens the database', async () => {
  const idb = new IDBFactory();
  await createSentLedger(idb, L1, () => NOW, timer).add('old');
  await createSentLedger(idb, L1, () => NOW + LEDGER_KEEP_MS / 2, timer).add('recent');
  const later = createSentLedger(idb, L1, () => NOW + LEDGER_KEEP_MS + 1, timer);
  assert.is(await later.has('recent'), true);
  assert.is(await later.has('old'), false);
});

test('a database that fails to open: add() resolves, has() is false, and the next call tries again', async () => {
  let opens = 0;
  const real = new IDBFactory();
  const broken = {
    open(name: string, version?: number) {
      opens += 1;
      if (opens === 1) throw new DOMException('refused', 'SecurityError');
      return real.open(name, version);
    },
  };
  const ledger = createSentLedger(broken, L1, () => NOW, timer);
  await ledger.add('item-1'); // never rejects: a sender goes on without the record
  assert.is(await ledger.has('item-1'), false);
  await ledger.add('item-1');
  assert.is(await ledger.has('item-1'), true, 'opened on a later call');
});

test('a database that never answers (blocked): has() is false within its deadline', async () => {
  const stuck = { open: () => ({}) as IDBOpenDBRequest };
  const started = Date.now();
  assert.is(await createSentLedger(stuck, L1, () => NOW, timer).has('item-1'), false);
  assert.ok(Date.now() - started < 5000);
});

test.run();
