import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCursor } from '../../../harness/api/cursor.ts';
import { parseFilter, parsePathQuery } from '../../../harness/api/validate-filter.ts';

const refusal = (r: { ok: boolean; status?: number; error?: string }) =>
  r.ok ? 'ok' : `${r.status} ${r.error}`;

test('an empty filter means all notes, newest first, 20 per page', () => {
  assert.equal(parseFilter({}), {
    ok: true,
    value: {
      refId: null,
      moduleId: null,
      courseId: null,
      query: null,
      tags: [],
      order: 'newest',
      limit: 20,
      after: null,
    },
  });
});

test('values are kept; blank query and ids mean none', () => {
  const cursor = encodeCursor({ order: 'oldest', key: '2024-01-01T00:00:00.000Z', noteId: 'n' });
  const r = parseFilter({
    refId: 'r',
    moduleId: '',
    query: '  ',
    tags: ['x'],
    order: 'oldest',
    limit: 100,
    cursor,
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal([r.value.refId, r.value.moduleId, r.value.query, r.value.limit], ['r', null, null, 100]);
  assert.equal(r.value.after, { order: 'oldest', key: '2024-01-01T00:00:00.000Z', noteId: 'n' });
});

test('bad fields are 400s naming the field', () => {
  const cases: [unknown, string][] = [
    [[], '400 body must be a JSON object'],
    [{ limit: 0 }, '400 limit must be an integer from 1 to 100'],
    [{ limit: 101 }, '400 limit must be an integer from 1 to 100'],
    [{ limit: 2.5 }, '400 limit must be an integer from 1 to 100'],
    [{ limit: '20' }, '400 limit must be an integer from 1 to 100'],
    [{ order: 'random' }, '400 order must be newest, oldest or updated'],
    [{ query: 5 }, '400 query must be a string'],
    [{ query: 'q'.repeat(501) }, '400 query must be at most 500 characters'],
    [{ refId: 1 }, '400 refId must be a string or null'],
    [{ tags: 'x' }, '400 tags must be an array of strings'],
    [{ tags: [''] }, '400 tags[0] must be a non-empty string'],
    [{ tags: [null] }, '400 tags[0] must be a non-empty string'],
    [{ tags: ['y'.repeat(41)] }, '400 tags[0] must be at most 40 characters'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '400 tags must have at most 10 items'],
    [{ cursor: 5 }, '400 cursor must be a string or null'],
    [{ cursor: 'garbage!' }, '400 cursor is malformed; use the nextCursor of a previous page'],
  ];
  for (const [body, expected] of cases) assert.is(refusal(parseFilter(body)), expected, JSON.stringify(body));
});

test("a filter's tags are normalised and repeats (ignoring case) merged, not refused", () => {
  const r = parseFilter({ tags: [' Exam ', 'exam', 'EXAM', 'cell  wall'] });
  assert.ok(r.ok);
  if (r.ok) assert.equal(r.value.tags, ['Exam', 'cell wall']);
  // Eleven entries but ten distinct tags: within the limit.
  const eleven = [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T0'];
  assert.ok(parseFilter({ tags: eleven }).ok);
});

const path = (p: Partial<Record<string, string>>) =>
  parsePathQuery({
    courseId: '-',
    moduleId: '-',
    refId: '-',
    flag: '1',
    limit: '20',
    offset: '0',
    order: 'newest',
    ...p,
  });

test('path parameters: - means any id, flag 1/0, numbers parsed', () => {
  assert.equal(path({ courseId: 'c', flag: '0', limit: '5', offset: '10', order: 'updated' }), {
    ok: true,
    value: {
      courseId: 'c',
      moduleId: null,
      refId: null,
      includeChildren: false,
      limit: 5,
      offset: 10,
      order: 'updated',
    },
  });
});

test('bad path parameters are 400s', () => {
  assert.is(refusal(path({ flag: 'yes' })), '400 flag must be 1 or 0');
  assert.is(refusal(path({ limit: '0' })), '400 limit must be an integer from 1 to 100');
  assert.is(refusal(path({ limit: '1e2' })), '400 limit must be an integer from 1 to 100');
  assert.is(refusal(path({ offset: '-1' })), '400 offset must be an integer ≥ 0');
  assert.is(refusal(path({ order: 'asc' })), '400 order must be newest, oldest or updated');
});

test.run();
