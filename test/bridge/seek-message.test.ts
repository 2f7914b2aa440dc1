import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seekMessage } from '../../src/bridge/seek-message.ts';
import { parseSeekMessage, seekMessageProblem } from '../../src/protocol/seek.ts';
import { fakeNote } from '../fakes/fake-note.ts';

test('a time anchor → SEEK with seconds', () => {
  assert.equal(seekMessage({ refId: 'r1', anchor: { kind: 'time', seconds: 192 } }), {
    subApplicationName: 'NOTES',
    requestId: 'SEEK',
    refId: 'r1',
    seconds: 192,
  });
});

test('a page anchor → SEEK with page', () => {
  assert.equal(seekMessage({ refId: 'r1', anchor: { kind: 'page', page: 4 } }), {
    subApplicationName: 'NOTES',
    requestId: 'SEEK',
    refId: 'r1',
    page: 4,
  });
});

test('no anchor → nothing to send', () => {
  assert.is(seekMessage({ refId: 'r1', anchor: null }), null);
});

test('only the id fields ride along: no text, content, titles or names', () => {
  const note = fakeNote({ text: 'secret text', content: '<p>secret</p>', displayName: 'Zoë' });
  const message = seekMessage(note);
  assert.equal(Object.keys(message ?? {}).sort(), ['refId', 'requestId', 'seconds', 'subApplicationName']);
  assert.not.match(JSON.stringify(message), 'secret');
});

test('what the app sends is what a portal accepts', () => {
  for (const anchor of [
    { kind: 'time' as const, seconds: 0 },
    { kind: 'time' as const, seconds: 3723 },
    { kind: 'page' as const, page: 1 },
  ]) {
    const message = seekMessage({ refId: 'r1', anchor });
    assert.is(seekMessageProblem(message), null);
    assert.equal(parseSeekMessage(message), message);
  }
});

test('the seek offset: a time is sent that many seconds earlier (never below 0); a page as it is', () => {
  const at = (seconds: number) => ({ refId: 'r1', anchor: { kind: 'time', seconds } }) as const;
  assert.is(seekMessage(at(192), 5)?.seconds, 187);
  assert.is(seekMessage(at(192), 0)?.seconds, 192);
  assert.is(seekMessage(at(2), 10)?.seconds, 0);
  assert.is(seekMessage(at(192))?.seconds, 192, 'off by default');
  assert.is(seekMessage({ refId: 'r1', anchor: { kind: 'page', page: 4 } }, 10)?.page, 4);
  assert.is(parseSeekMessage(seekMessage(at(3), 10)) !== null, true, 'still a well-formed SEEK');
});

test.run();
