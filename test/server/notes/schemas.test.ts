/**
 * The request JSON Schemas and the field parsers agree: the schema (the gate Fastify runs) never
 * refuses a body the parser accepts, and refuses the plainly wrong shapes itself. Checked with Ajv
 * as Fastify configures it here (no coercion, no defaults).
 */
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  newNoteSchema,
  noteDeleteSchema,
  noteFilterSchema,
  noteUpdateSchema,
} from '../../../server/src/notes/schemas.ts';
import { parseFilter } from '../../../server/src/notes/validate-filter.ts';
import { parseNewNote, parseNoteDelete, parseNoteUpdate } from '../../../server/src/notes/validate-note.ts';
import { newNoteBody } from '../support/app-fixture.ts';

const ajv = new Ajv({ coerceTypes: false, useDefaults: false, allErrors: false, strict: false });
const cases = [
  { name: 'add', schema: newNoteSchema, parse: parseNewNote },
  { name: 'update', schema: noteUpdateSchema, parse: parseNoteUpdate },
  { name: 'delete', schema: noteDeleteSchema, parse: parseNoteDelete },
  { name: 'fetch', schema: noteFilterSchema, parse: parseFilter },
] as const;

const bodies: Record<string, unknown[]> = {
  add: [
    newNoteBody(),
    newNoteBody({ moduleId: null, courseId: '', tags: null, anchor: { kind: 'page', page: 3 } }),
    newNoteBody({ anchor: { kind: 'time', seconds: 12.5 }, tags: ['  Math  ', 'हिंदी'] }),
    { refId: 'r', content: '<p>x</p>' },
    newNoteBody({ refId: '' }),
    newNoteBody({ refId: 5 }),
    newNoteBody({ anchor: { kind: 'page', page: 0 } }),
    newNoteBody({ anchor: { kind: 'page', page: 1.5 } }),
    newNoteBody({ tags: ['a', 'A'] }),
    newNoteBody({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }),
    newNoteBody({ content: 7 }),
    { content: 'x' },
    [],
    'text',
  ],
  update: [
    { noteId: 'n', version: 1 },
    { noteId: 'n', version: 2, content: '<p>x</p>', tags: [] },
    { noteId: 'n', version: 0 },
    { noteId: 'n', version: '1' },
    { noteId: '', version: 1 },
    { noteId: 'n', version: 1, refTitle: null },
  ],
  delete: [{ noteId: 'n' }, { noteId: 'n', version: 3 }, { noteId: 'n', version: -1 }, {}, { noteId: 1 }],
  fetch: [
    {},
    { refId: 'r', query: 'photo', tags: ['x', 'X'], order: 'oldest', limit: 100, cursor: null },
    { refId: null, moduleId: '', query: '   ' },
    { limit: 0 },
    { limit: '5' },
    { order: 'sideways' },
    { tags: 'x' },
    { cursor: 5 },
    null,
  ],
};

test('the schema never refuses what the parser accepts, and refuses only what the parser refuses', () => {
  let refusedByBoth = 0;
  for (const c of cases) {
    const check = ajv.compile(c.schema);
    for (const body of bodies[c.name] ?? []) {
      const parsed = (c.parse as (b: unknown) => { ok: boolean })(body);
      const schemaOk = check(body);
      if (parsed.ok) assert.ok(schemaOk, `${c.name}: the schema refuses ${JSON.stringify(body)}`);
      if (!schemaOk) {
        assert.not.ok(parsed.ok, `${c.name}: ${JSON.stringify(body)}`);
        refusedByBoth++;
      }
    }
  }
  assert.ok(refusedByBoth >= 15, `the schemas refuse the wrong shapes themselves (${refusedByBoth})`);
});

test.run();
