import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_CONTENT_BYTES } from '../../../harness/api/limits.ts';
import { parseNewNote, parseNoteDelete, parseNoteUpdate } from '../../../harness/api/validate-note.ts';

const base = { refId: 'r1', content: '<p>x</p>' };
const refusal = (r: { ok: boolean; status?: number; error?: string }) =>
  r.ok ? 'ok' : `${r.status} ${r.error}`;

test('a minimal add body gets empty defaults', () => {
  assert.equal(parseNewNote(base), {
    ok: true,
    value: {
      refId: 'r1',
      moduleId: null,
      courseId: null,
      refTitle: '',
      moduleTitle: null,
      courseTitle: null,
      domain: '',
      appRef: null,
      displayName: '',
      content: '<p>x</p>',
      text: '',
      anchor: null,
      tags: [],
    },
  });
});

test('each bad field is a 400 naming the field', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ refId: '' }, '400 refId must be a non-empty string'],
    [{ refId: 5 }, '400 refId must be a non-empty string'],
    [{ refId: 'x'.repeat(257) }, '400 refId must be at most 256 characters'],
    [{ moduleId: 3 }, '400 moduleId must be a string or null'],
    [{ courseId: ['c'] }, '400 courseId must be a string or null'],
    [{ appRef: {} }, '400 appRef must be a string or null'],
    [{ refTitle: null }, '400 refTitle must be a string'],
    [{ moduleTitle: 1 }, '400 moduleTitle must be a string'],
    [{ courseTitle: 'x'.repeat(1001) }, '400 courseTitle must be at most 1000 characters'],
    [{ domain: 1 }, '400 domain must be a string'],
    [{ displayName: false }, '400 displayName must be a string'],
    [{ content: '   ' }, '400 content must be a non-empty string'],
    [{ content: undefined }, '400 content must be a string'],
    [{ text: 7 }, '400 text must be a string'],
    [{ anchor: 'p. 4' }, "400 anchor must be null, { kind: 'time', seconds } or { kind: 'page', page }"],
    [{ anchor: { kind: 'time', seconds: -1 } }, '400 anchor.seconds must be a number ≥ 0'],
    [{ anchor: { kind: 'page', page: 1.5 } }, '400 anchor.page must be an integer ≥ 1'],
    [{ anchor: { kind: 'page', page: 0 } }, '400 anchor.page must be an integer ≥ 1'],
    [{ tags: 'a,b' }, '400 tags must be an array of strings'],
    [{ tags: ['ok', ''] }, '400 tags[1] must be a non-empty string'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '400 tags must have at most 10 items'],
    [{ tags: ['ok', 3] }, '400 tags[1] must be a non-empty string'],
    [{ tags: ['ok', ' \t\n '] }, '400 tags[1] must be a non-empty string'],
    [{ tags: ['x'.repeat(41)] }, '400 tags[0] must be at most 40 characters'],
    [{ tags: ['exam', ' Exam '] }, '400 tags[1] repeats tags[0] (tags are unique ignoring case)'],
    [{ tags: ['a', 'Straße', 'STRASSE'] }, '400 tags[2] repeats tags[1] (tags are unique ignoring case)'],
  ];
  for (const [patch, expected] of cases) assert.is(refusal(parseNewNote({ ...base, ...patch })), expected);
  assert.is(refusal(parseNewNote([base])), '400 body must be a JSON object');
  assert.is(refusal(parseNewNote(null)), '400 body must be a JSON object');
});

test('content and text over 100 kB of UTF-8 are 413; exactly 100 kB is fine', () => {
  const exact = 'a'.repeat(MAX_CONTENT_BYTES);
  assert.ok(parseNewNote({ ...base, content: exact }).ok);
  assert.is(
    refusal(parseNewNote({ ...base, content: `${exact}a` })),
    '413 content must be at most 102400 bytes (UTF-8)',
  );
  const hindi = 'अ'.repeat(Math.ceil(MAX_CONTENT_BYTES / 3) + 1);
  assert.ok(hindi.length < MAX_CONTENT_BYTES);
  assert.is(
    refusal(parseNewNote({ ...base, content: hindi })),
    '413 content must be at most 102400 bytes (UTF-8)',
  );
  assert.is(
    refusal(parseNewNote({ ...base, text: `${exact}a` })),
    '413 text must be at most 102400 bytes (UTF-8)',
  );
});

test('anchors and tags are normalised', () => {
  const r = parseNewNote({
    ...base,
    anchor: { kind: 'time', seconds: 12.5, extra: 1 },
    tags: [' exam ', 'cell\t\u00A0 wall', 'हिंदी'],
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.value.anchor, { kind: 'time', seconds: 12.5 });
  assert.equal(r.value.tags, ['exam', 'cell wall', 'हिंदी']);
  assert.is(parseNewNote({ ...base, moduleId: '' }).ok && true, true);
});

test('tags: ten of forty characters each, counted as a reader sees them', () => {
  const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
  assert.equal(parseNewNote({ ...base, tags: ten }).ok, true);
  // 40 graphemes is fine in any script, though Devanagari and Arabic take more code points.
  const hindi = 'क्षि'.repeat(40); // 160 UTF-16 units, 40 characters
  const arabic = 'مُ'.repeat(40);
  const latin = ` ${'x'.repeat(40)} `; // trimmed first
  const r = parseNewNote({ ...base, tags: [hindi, arabic, latin] });
  assert.ok(r.ok, refusal(r));
  assert.is(
    refusal(parseNewNote({ ...base, tags: [`${hindi}क`] })),
    '400 tags[0] must be at most 40 characters',
  );
  // One "character" with thousands of combining marks is still too long.
  assert.is(
    refusal(parseNewNote({ ...base, tags: [`a${'\u0301'.repeat(5000)}`] })),
    '400 tags[0] must be at most 40 characters',
  );
});

test('an update is refused tags an add would refuse, naming the field', () => {
  assert.is(
    refusal(parseNoteUpdate({ noteId: 'n', version: 2, tags: ['x', 'X'] })),
    '400 tags[1] repeats tags[0] (tags are unique ignoring case)',
  );
  assert.is(
    refusal(parseNoteUpdate({ noteId: 'n', version: 2, tags: Array(11).fill('x') })),
    '400 tags must have at most 10 items',
  );
  assert.equal(parseNoteUpdate({ noteId: 'n', version: 2, tags: [] }), {
    ok: true,
    value: { noteId: 'n', version: 2, changes: { tags: [] } },
  });
});

test('an update carries only the fields present, validated like an add', () => {
  assert.equal(parseNoteUpdate({ noteId: 'n', version: 2, content: '<p>y</p>', tags: ['a'] }), {
    ok: true,
    value: { noteId: 'n', version: 2, changes: { content: '<p>y</p>', tags: ['a'] } },
  });
  assert.is(refusal(parseNoteUpdate({ version: 1 })), '400 noteId must be a non-empty string');
  assert.is(refusal(parseNoteUpdate({ noteId: 'n' })), '400 version must be an integer ≥ 1');
  assert.is(refusal(parseNoteUpdate({ noteId: 'n', version: '1' })), '400 version must be an integer ≥ 1');
  assert.is(
    refusal(parseNoteUpdate({ noteId: 'n', version: 1, refId: '' })),
    '400 refId must be a non-empty string',
  );
  assert.is(
    refusal(parseNoteUpdate({ noteId: 'n', version: 1, content: '' })),
    '400 content must be a non-empty string',
  );
  const big = 'b'.repeat(MAX_CONTENT_BYTES + 1);
  assert.is(
    refusal(parseNoteUpdate({ noteId: 'n', version: 1, content: big })),
    '413 content must be at most 102400 bytes (UTF-8)',
  );
});

test('a delete needs a noteId; its version is optional', () => {
  assert.equal(parseNoteDelete({ noteId: 'n' }), { ok: true, value: { noteId: 'n', version: null } });
  assert.equal(parseNoteDelete({ noteId: 'n', version: 3 }), {
    ok: true,
    value: { noteId: 'n', version: 3 },
  });
  assert.is(refusal(parseNoteDelete({})), '400 noteId must be a non-empty string');
  assert.is(refusal(parseNoteDelete({ noteId: 'n', version: 0 })), '400 version must be an integer ≥ 1');
  assert.is(refusal(parseNoteDelete('n')), '400 body must be a JSON object');
});

test.run();
