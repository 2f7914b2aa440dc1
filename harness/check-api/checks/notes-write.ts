/**
 * A note's life (docs/api.md "Calls", "Errors"): add → 201 with the whole Note, update →
 * version + 1, a stale version → 409 with the server's copy, exactly one winner among concurrent
 * updates, delete → `{ noteId, deleted: true }`, and then 404 for everything on that note.
 */
import type { NewNote, Note } from '../../../src/protocol/api-types.ts';
import { addOk, type Ctx, deleteNote, fetchPage, totalOf } from '../context.ts';
import { expect, expectRefusal, expectStatus, need, show } from '../expect.ts';
import { asDeleted, asNote } from '../shapes.ts';

/** A full add body: every field set, so the answer must echo each. */
export const fullNote = (ctx: Ctx, name: string): NewNote => ({
  refId: ctx.ids.id(`${name}-res`),
  moduleId: ctx.ids.id(`${name}-mod`),
  courseId: ctx.ids.id(`${name}-course`),
  refTitle: 'Check resource',
  moduleTitle: 'Check module',
  courseTitle: `Check course ${ctx.ids.prefix}`,
  domain: 'check-api.example',
  appRef: ctx.ids.id('app'),
  displayName: 'Check Learner',
  content: '<p>First <em>version</em> of the note</p>',
  text: 'First version of the note',
  anchor: { kind: 'time', seconds: 42.5 },
  tags: ['check', 'Zweite Stufe'],
});

const ECHOED: (keyof NewNote)[] = [
  'refId',
  'moduleId',
  'courseId',
  'refTitle',
  'moduleTitle',
  'courseTitle',
  'domain',
  'appRef',
  'displayName',
  'content',
  'text',
  'anchor',
  'tags',
];

/** Fields of `note` that differ from `want`, as "field: expected …, saw …". */
function differences(
  note: Note,
  want: Partial<Note>,
  fields = Object.keys(want) as (keyof Note)[],
): string[] {
  return fields
    .filter((k) => JSON.stringify(note[k]) !== JSON.stringify(want[k]))
    .map((k) => `${k} ${show(note[k])} instead of ${show(want[k])}`);
}

/** Fails listing every differing field. */
function expectFields(note: Note, want: Partial<Note>, fields?: (keyof Note)[]): void {
  const diff = differences(note, want, fields);
  expect(diff.length === 0, 'the fields as sent', diff.join('; '));
}

/** The write checks. */
export async function writeChecks(ctx: Ctx): Promise<void> {
  const { t, api } = ctx;
  const body = fullNote(ctx, 'life');
  let note: Note | undefined;
  await t.check('add: 201 with a full Note, every field as sent, version 1', async () => {
    note = await addOk(ctx, body);
    expectFields(note, body, ECHOED);
    expect(note.version === 1, 'version 1', show(note.version));
    expect(
      note.createdOn === note.updatedOn,
      'updatedOn = createdOn',
      `${note.createdOn} / ${note.updatedOn}`,
    );
  });

  let minimal: Note | undefined;
  await t.check(
    'add: blank fields filled — text from content, names from the token, domain from the header',
    async () => {
      const refId = ctx.ids.id('minimal-res');
      minimal = await addOk(ctx, { refId, content: '<p>Only <strong>content</strong> given</p>' });
      expectFields(minimal, {
        refId,
        moduleId: null,
        courseId: null,
        moduleTitle: null,
        courseTitle: null,
        appRef: null,
        anchor: null,
        tags: [],
        domain: api.identity.domain,
      });
      expect(
        /Only\s+content\s+given/.test(minimal.text) && !minimal.text.includes('<'),
        'text "Only content given"',
        show(minimal.text),
      );
      expect(minimal.displayName.trim() !== '', 'a displayName from the token', show(minimal.displayName));
    },
  );

  let updated: Note | undefined;
  /** The server's copy of the note now, so one failed check does not mislead the next. */
  const stored = async (): Promise<Note> => {
    const n = need(updated, 'the updated note');
    const { page } = await fetchPage(api, { refId: n.refId, limit: 100 });
    return need(
      page.notes.find((x) => x.noteId === n.noteId),
      'the note (it is not listed)',
    );
  };
  await t.check(
    'update: 200, version + 1, changes applied, text derived from new content, the rest kept',
    async () => {
      const first = need(note, 'the added note');
      const a = await api.post('/notes/update', {
        noteId: first.noteId,
        version: first.version,
        content: '<p>Second <b>draft</b> here</p>',
        tags: ['check', 'edited'],
      });
      expectStatus(a, 200);
      updated = asNote(a.json);
      expect(updated.version === first.version + 1, `version ${first.version + 1}`, show(updated.version));
      expect(
        /Second\s+draft\s+here/.test(updated.text),
        'text derived from the new content',
        show(updated.text),
      );
      const kept = ECHOED.filter((k) => !['content', 'text', 'tags'].includes(k));
      expectFields(
        updated,
        { ...first, content: '<p>Second <b>draft</b> here</p>', tags: ['check', 'edited'] },
        [...kept, 'noteId', 'content', 'tags', 'createdOn'],
      );
      expect(
        Date.parse(updated.updatedOn) >= Date.parse(first.updatedOn),
        'updatedOn not earlier',
        updated.updatedOn,
      );
    },
  );

  await t.check(
    'update: a stale version → 409 { error, current } with the server copy, nothing changed',
    async () => {
      const now = need(updated, 'the updated note');
      const a = await api.post('/notes/update', {
        noteId: now.noteId,
        version: now.version - 1,
        content: '<p>stale</p>',
      });
      expectRefusal(a, 409);
      const current = asNote((a.json as { current?: unknown }).current);
      expect(
        current.version === now.version && current.content === now.content,
        `current at version ${now.version}`,
        show(current),
      );
      const { page } = await fetchPage(api, { refId: now.refId });
      const kept = page.notes.find((n) => n.noteId === now.noteId);
      expect(
        kept?.version === now.version && kept.content === now.content,
        `the note still at version ${now.version}`,
        show(kept),
      );
    },
  );

  await t.check('update: 5 concurrent updates on one version → exactly one 200, the rest 409', async () => {
    const now = await stored();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        api.post('/notes/update', { noteId: now.noteId, version: now.version, content: `<p>racer ${i}</p>` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(show(statuses) === show([200, 409, 409, 409, 409]), '[200,409,409,409,409]', show(statuses));
    const winner = asNote(answers.find((a) => a.status === 200)?.json);
    expect(winner.version === now.version + 1, `version ${now.version + 1}`, show(winner.version));
  });

  await t.check('update: without version → 400 naming version', async () => {
    const now = await stored();
    expectRefusal(
      await api.post('/notes/update', { noteId: now.noteId, content: '<p>x</p>' }),
      400,
      'version',
    );
  });
  await t.check('update: an unknown noteId → 404', async () => {
    expectRefusal(
      await api.post('/notes/update', {
        noteId: ctx.ids.id('no-such-note'),
        version: 1,
        content: '<p>x</p>',
      }),
      404,
    );
  });

  await t.check('delete: a stale version → 409 with current, the note kept', async () => {
    const now = await stored();
    const a = await deleteNote(ctx, { noteId: now.noteId, version: now.version - 1 });
    expectRefusal(a, 409);
    const current = asNote((a.json as { current?: unknown }).current);
    expect(current.version === now.version, `current at version ${now.version}`, show(current.version));
    expect((await totalOf(api, { refId: now.refId })) === 1, 'the note still listed', 'it is gone');
  });

  await t.check('delete: the current version → 200 { noteId, deleted: true }', async () => {
    const now = await stored();
    const a = await deleteNote(ctx, { noteId: now.noteId, version: now.version });
    expectStatus(a, 200);
    const result = asDeleted(a.json);
    expect(result.noteId === now.noteId, `noteId ${now.noteId}`, show(result.noteId));
  });
  await t.check('delete: without a version → 200 (version is optional)', async () => {
    const n = need(minimal, 'the minimal note');
    expectStatus(await deleteNote(ctx, { noteId: n.noteId }), 200);
  });

  const gone = note;
  await t.check('deleted note: no longer listed (fetch by refId → total 0, no notes)', async () => {
    const n = need(gone, 'the deleted note');
    const { page } = await fetchPage(api, { refId: n.refId });
    expect(
      page.total === 0 && page.notes.length === 0,
      'total 0 and no notes',
      `total ${page.total}, ${page.notes.length} notes`,
    );
  });
  await t.check('deleted note: update → 404', async () => {
    const n = need(gone, 'the deleted note');
    expectRefusal(
      await api.post('/notes/update', { noteId: n.noteId, version: 99, content: '<p>x</p>' }),
      404,
    );
  });
  await t.check('deleted note: delete again → 404', async () => {
    const n = need(gone, 'the deleted note');
    expectRefusal(await deleteNote(ctx, { noteId: n.noteId }), 404);
  });
}
