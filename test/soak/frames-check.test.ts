/**
 * The end check of the soak's frames: a frame shows the server's notes when the stretch it shows
 * (newest first, down to the oldest note on screen) has every stored note, nothing else, each at
 * its stored version, and nothing still marked pending.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareShown, frameLines, type ShownCard, sameAsServer } from '../../soak/frames-check.ts';
import type { Stored } from '../../soak/ledger.ts';

const stored = (id: string, n: number, token: string): Stored => ({
  noteId: id,
  text: `soak note ${n} · exam · #${token}`,
  version: 1,
  createdOn: '2026-11-25T10:00:00Z',
  updatedOn: '2026-11-25T10:00:00Z',
});
const card = (s: Stored, extra = ''): ShownCard => ({
  noteId: s.noteId,
  text: `${s.text}\nGo to 03:12\n${s.text}${extra}\nEdit note\nDelete note`,
  pending: /Saving…/.test(extra),
});
const SERVER = [stored('n3', 3, 'cccccccc'), stored('n2', 2, 'bbbbbbbb'), stored('n1', 1, 'aaaaaaaa')];

test('the newest notes shown, older ones not loaded yet: the same as the server', () => {
  const d = compareShown([card(SERVER[0]!), card(SERVER[1]!)], SERVER);
  assert.ok(sameAsServer(d));
  assert.match(frameLines('A', d, 3)[0]!, 'shows 2 of the 3 stored notes, as the server has them');
});

test('a stored note inside the stretch shown but not on screen is missing', () => {
  const d = compareShown([card(SERVER[0]!), card(SERVER[2]!)], SERVER);
  assert.equal(
    d.missing.map((s) => s.noteId),
    ['n2'],
  );
  assert.not.ok(sameAsServer(d));
});

test('a card the server does not have (deleted, or a temporary id) is extra', () => {
  const gone = card(stored('tmp-1', 4, 'dddddddd'));
  const d = compareShown([gone, ...SERVER.map((s) => card(s))], SERVER);
  assert.equal(
    d.extra.map((c) => c.noteId),
    ['tmp-1'],
  );
});

test('a card at an older version is stale; a card marked "Saving…" is pending', () => {
  const old = { ...card(SERVER[1]!), text: 'soak note 2 · exam · #zzzzzzzz' };
  const d = compareShown([card(SERVER[0]!, '\nSaving…'), old, card(SERVER[2]!)], SERVER);
  assert.equal(
    d.stale.map((x) => x.card.noteId),
    ['n2'],
  );
  assert.equal(
    d.pending.map((c) => c.noteId),
    ['n3'],
  );
  const lines = frameLines('B', d, 3);
  assert.match(lines[0]!, '0 missing, 0 not on the server, 1 with another text, 1 still marked pending');
});

test('an empty frame and an empty server agree', () => {
  assert.ok(sameAsServer(compareShown([], [])));
});

test.run();
