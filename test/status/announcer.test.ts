import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAnnouncer } from '../../src/status/announcer.ts';

test('nothing is said at first', () => {
  assert.is(createAnnouncer().current.value, null);
});

test('announce sets the message key, with values when given', () => {
  const a = createAnnouncer();
  a.announce('Note saved');
  assert.equal(a.current.value, { key: 'Note saved', serial: 1 });
  a.announce('notes found', { count: 3 });
  assert.equal(a.current.value, { key: 'notes found', values: { count: 3 }, serial: 2 });
});

test('the same message twice is a new announcement (the second "Note saved" is heard too)', () => {
  const a = createAnnouncer();
  a.announce('Note saved');
  const first = a.current.value;
  a.announce('Note saved');
  const second = a.current.value;
  assert.is.not(first, second);
  assert.ok((second?.serial ?? 0) > (first?.serial ?? 0));
});

test('each announcer counts on its own', () => {
  const a = createAnnouncer();
  const b = createAnnouncer();
  a.announce('x');
  a.announce('y');
  b.announce('z');
  assert.is(b.current.value?.serial, 1);
});

test.run();
