/**
 * What each route loads first is said once (src/routes/first-list.ts); the early start
 * (src/boot/early-request.ts, inline in index.html) and the notes model's `refresh` each load it
 * their own way. This holds the two ways together: for each route, with and without player data,
 * the request the early start sends before the app runs is the very request the model makes
 * through the real API client — same method, URL, body and session headers (`requestKey`), so the
 * app adopts the early response. Where the early start makes none (a course's notes, the error
 * page) the test says what the model does instead.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHttpClient } from '../../src/api/http-client.ts';
import { createNotesApi } from '../../src/api/notes-api.ts';
import { earlyRequest, requestKey } from '../../src/boot/early-request.ts';
import type { AcceptedContext } from '../../src/bridge/parent-bridge.ts';
import { createNotesModel } from '../../src/notes/notes-model.ts';
import { createKeyValueStore } from '../../src/platform/key-value-store.ts';
import type { PlayerData } from '../../src/protocol/messages.ts';
import type { AppPath } from '../../src/routes/route-table.ts';
import { fakeContext } from '../fakes/fake-context.ts';
import { createFakeFetch, hang } from '../fakes/fake-fetch.ts';
import { createMemoryStorage } from '../fakes/memory-storage.ts';

const CONFIG = { basePath: '/notes/', apiBase: '/notes/api/v1' };
const PLAYER: PlayerData = { resourceId: 'res-1', courseId: 'c1', currentTime: 30 };

/** The keys of the requests the model makes on `refresh(path)` for this context. */
async function modelRequests(accepted: AcceptedContext, path: AppPath): Promise<(string | null)[]> {
  const { context, parentHost } = accepted;
  const fake = createFakeFetch(() => hang());
  const http = createHttpClient({
    fetch: fake.fetch,
    baseUrl: CONFIG.apiBase,
    setTimeout: () => 0, // no timeout timer: the fake never answers
    clearTimeout: () => undefined,
    headers: () => ({
      token: context.user.token,
      rootOrg: context.rootOrg,
      org: context.org,
      domain: parentHost,
      wid: context.user.userId,
    }),
  });
  const model = createNotesModel({
    api: createNotesApi(http),
    http,
    store: createKeyValueStore(() => createMemoryStorage()),
    learner: () => context.user.userId,
    onForbidden: () => undefined,
    announce: () => undefined,
    now: () => 0,
    random: () => 0,
    newId: () => 'id',
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  });
  model.refresh(path, context.playerData, false);
  for (let i = 0; i < 50 && fake.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  return fake.requests.map((r) =>
    requestKey(r.url, { method: r.method, headers: r.headers, body: r.body as string | null }),
  );
}

const accepted = (playerData: PlayerData | null): AcceptedContext => ({
  context: { ...fakeContext(), playerData },
  parentHost: 'lex.infosysapps.com',
  requestId: 'LOADED',
});

for (const path of ['/', '/view', '/course'] as const) {
  for (const player of [null, PLAYER]) {
    test(`${path} ${player ? 'with' : 'without'} player data: the early request is the model's`, async () => {
      const a = accepted(player);
      const early = earlyRequest(a, `/notes${path}`, CONFIG);
      if (!early) throw new Error(`no early request for ${path}`);
      const key = requestKey(early.url, early.init);
      assert.ok(key);
      assert.equal(await modelRequests(a, path), [key]);
    });
  }
}

test("a course's notes: the model asks the course side, the early start does not guess", async () => {
  assert.is(earlyRequest(accepted(PLAYER), '/notes/course/c1', CONFIG), null);
  const asked = await modelRequests(accepted(PLAYER), '/course/c1');
  assert.is(asked.length, 1);
  assert.match(String(asked[0]), '/notes/api/v1/notes/collection');
});

test('the error page loads nothing first, early or late', async () => {
  assert.is(earlyRequest(accepted(null), '/notes/error', CONFIG), null);
  assert.equal(await modelRequests(accepted(null), '/error'), []);
});

test.run();
