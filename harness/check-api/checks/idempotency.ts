/**
 * Exactly-once adds (docs/api.md "Exactly-once adds"): the same Idempotency-Key from the same
 * learner answers 200 with the note the first add stored and stores nothing, whatever the body,
 * even after an edit or a delete; concurrent adds with one key store one note; malformed keys are
 * a 400 that names the header; without a key every add stores a note.
 */
import type { Note } from '../../../src/protocol/api-types.ts';
import { MAX_IDEMPOTENCY_KEY_CHARS } from '../../../src/protocol/limits.ts';
import { addNote, type Ctx, deleteNote, totalOf } from '../context.ts';
import { expect, expectRefusal, expectStatus, need, show } from '../expect.ts';
import { asNote } from '../shapes.ts';

const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

/** The idempotency checks. */
export async function idempotencyChecks(ctx: Ctx): Promise<void> {
  const { t, api, ids } = ctx;
  const refId = ids.id('idem-res');
  const key = ids.key('one');
  const body = { refId, refTitle: 'Idempotency', content: '<p>Stored once</p>', text: 'Stored once' };
  let first: Note | undefined;
  await t.check('idempotency: the first add with a key → 201', async () => {
    const a = await addNote(ctx, body, keyed(key));
    expectStatus(a, 201);
    first = asNote(a.json);
  });
  await t.check('idempotency: the same key again → 200 with the same note, nothing new stored', async () => {
    const n = need(first, 'the keyed note');
    const a = await addNote(ctx, body, keyed(key));
    expectStatus(a, 200);
    const again = asNote(a.json);
    expect(again.noteId === n.noteId, `noteId ${n.noteId}`, show(again.noteId));
    const total = await totalOf(api, { refId });
    expect(total === 1, '1 note under the refId', `${total}`);
  });
  await t.check('idempotency: the same key with another body → 200 with the note first stored', async () => {
    const n = need(first, 'the keyed note');
    const a = await addNote(
      ctx,
      { ...body, content: '<p>A different body</p>', text: 'A different body' },
      keyed(key),
    );
    expectStatus(a, 200);
    const again = asNote(a.json);
    expect(
      again.noteId === n.noteId && again.content === n.content,
      `the first note (${show(n.content)})`,
      show(again.content),
    );
    const total = await totalOf(api, { refId });
    expect(total === 1, '1 note under the refId', `${total}`);
  });
  await t.check(
    'idempotency: after an edit, the key → 200 with the note as first stored (version 1)',
    async () => {
      const n = need(first, 'the keyed note');
      expectStatus(
        await api.post('/notes/update', { noteId: n.noteId, version: n.version, content: '<p>Edited</p>' }),
        200,
      );
      const a = await addNote(ctx, body, keyed(key));
      expectStatus(a, 200);
      const again = asNote(a.json);
      expect(
        again.noteId === n.noteId && again.version === 1,
        `${n.noteId} at version 1`,
        `${again.noteId} at version ${again.version}`,
      );
    },
  );
  await t.check(
    'idempotency: after a delete, the key → 200 with that note, and it stays deleted',
    async () => {
      const n = need(first, 'the keyed note');
      expectStatus(await deleteNote(ctx, { noteId: n.noteId }), 200);
      const a = await addNote(ctx, body, keyed(key));
      expectStatus(a, 200);
      expect(asNote(a.json).noteId === n.noteId, `noteId ${n.noteId}`, show(asNote(a.json).noteId));
      const total = await totalOf(api, { refId });
      expect(total === 0, 'no note under the refId', `${total}`);
    },
  );

  await t.check('idempotency: two concurrent adds with one key → one 201, one 200, one note', async () => {
    const racing = ids.id('idem-race');
    const raceBody = { refId: racing, content: '<p>raced</p>' };
    const answers = await Promise.all([1, 2].map(() => addNote(ctx, raceBody, keyed(ids.key('race')))));
    const statuses = answers.map((a) => a.status).sort();
    expect(show(statuses) === show([200, 201]), '[200,201]', show(statuses));
    const [x, y] = answers.map((a) => asNote(a.json).noteId);
    expect(x === y, 'both answers carry one noteId', `${x} / ${y}`);
    const total = await totalOf(api, { refId: racing });
    expect(total === 1, '1 note stored', `${total}`);
  });

  await t.check('idempotency: two adds without a key → two notes', async () => {
    const plain = ids.id('idem-plain');
    for (const i of [1, 2])
      expectStatus(await addNote(ctx, { refId: plain, content: `<p>plain ${i}</p>` }), 201);
    const total = await totalOf(api, { refId: plain });
    expect(total === 2, '2 notes stored', `${total}`);
  });

  const badRef = ids.id('idem-bad');
  const bad: [string, string][] = [
    ['empty', ''],
    ['with a space', 'two words'],
    [`${MAX_IDEMPOTENCY_KEY_CHARS + 1} characters`, 'k'.repeat(MAX_IDEMPOTENCY_KEY_CHARS + 1)],
    ['non-ASCII', `clé-${ids.prefix}`],
  ];
  for (const [what, value] of bad) {
    await t.check(`idempotency: a key ${what} → 400 naming Idempotency-Key`, async () => {
      expectRefusal(
        await addNote(ctx, { refId: badRef, content: '<p>bad key</p>' }, keyed(value)),
        400,
        'Idempotency-Key',
      );
    });
  }
  await t.check('idempotency: the refused keys stored nothing', async () => {
    const total = await totalOf(api, { refId: badRef });
    expect(total === 0, 'no note stored', `${total}`);
  });
}
