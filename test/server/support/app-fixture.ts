/**
 * Builds the service's app for a test: the real Fastify app on the real store (a fresh SQLite file,
 * or a fresh PostgreSQL database with `engine: 'postgres'`), the real authenticator in dev mode
 * (HS256 with TEST_SECRET), a temp files folder, a stepping clock and sequential note ids; a client
 * that sends the five headers for a learner through `app.inject`, and the log lines the run wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type AppParts, buildApp } from '../../../server/src/app.ts';
import { createAuthenticator } from '../../../server/src/auth/index.ts';
import type { Learner, NotesStore } from '../../../server/src/parts.ts';
import { openStore } from '../../../server/src/store/notes-store.ts';
import { freshDatabase, type TestEngine } from './databases.ts';
import { signHs256 } from './signing-keys.ts';

/** The dev secret every test app checks tokens with. */
export const TEST_SECRET = 'notes-server-test-secret';

/** A dev token (HS256, TEST_SECRET) for `wid`, valid for an hour, with extra claims. */
export const devToken = (wid: string, claims: Record<string, unknown> = {}): string =>
  signHs256({}, { wid, exp: Math.floor(Date.now() / 1000) + 3600, ...claims }, TEST_SECRET);

/** The five headers the app sends as `l` (a dev token unless given), for calls made outside `client`. */
export const learnerHeaders = (l: Learner, token: string = devToken(l.wid)): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  rootorg: l.rootOrg,
  org: l.org,
  wid: l.wid,
  domain: 'portal.example',
});

/** A test learner: the triple, names for the token, and the token maker this fixture uses. */
export type TestLearner = Learner & { given_name?: string; family_name?: string };

export const ASHA: TestLearner = {
  rootOrg: 'ws',
  org: 'ws-org',
  wid: 'asha',
  given_name: 'Asha',
  family_name: 'Rao',
};
export const BEN: TestLearner = { rootOrg: 'ws', org: 'ws-org', wid: 'ben' };

/** An answer as tests read it. */
export type Answer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  json: unknown;
  body: string;
  raw: Buffer;
};

/** Calls as one learner; `headers` override (undefined removes one of the five). */
export type Client = {
  get(path: string, headers?: Record<string, string | undefined>): Promise<Answer>;
  post(path: string, body: unknown, headers?: Record<string, string | undefined>): Promise<Answer>;
};

export type AppFixture = {
  app: FastifyInstance;
  store: NotesStore;
  /** The database the store is on (a file path or postgres://…). */
  url: string;
  filesDir: string;
  logs: string[];
  client(l: TestLearner, token?: string): Client;
  stop(): Promise<void>;
};

/** A token for a learner, as the fixture's authenticator expects it. */
export type TokenFor = (l: TestLearner) => string;

/** Starts the app for one test. */
export async function startApp(
  options: Partial<AppParts> & { tokenFor?: TokenFor; engine?: TestEngine } = {},
): Promise<AppFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'notes-server-'));
  const filesDir = join(dir, 'files');
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
  const db = await freshDatabase(options.engine ?? 'sqlite');
  const store = options.store ?? (await openStore(db.url));
  const authenticator =
    options.authenticator ?? (await createAuthenticator({ mode: 'dev', secret: TEST_SECRET }));
  let n = 0;
  const started = Math.floor(Date.now() / 1000) * 1000;
  const app = await buildApp({
    store,
    authenticator,
    files: filesDir,
    now: () => new Date(started + n * 1000),
    newId: () => `note-${String(++n).padStart(4, '0')}`,
    log: { stream, level: 'info' },
    ...options,
  });
  await app.ready();
  const tokenFor: TokenFor =
    options.tokenFor ?? ((l) => devToken(l.wid, { given_name: l.given_name, family_name: l.family_name }));
  const answer = (r: {
    statusCode: number;
    headers: Answer['headers'];
    rawPayload: Buffer;
    body: string;
  }): Answer => {
    let json: unknown;
    try {
      json = JSON.parse(r.body);
    } catch {
      json = undefined;
    }
    return { status: r.statusCode, headers: r.headers, json, body: r.body, raw: r.rawPayload };
  };
  const client = (l: TestLearner, token = tokenFor(l)): Client => {
    const headersFor = (extra: Record<string, string | undefined> = {}) => {
      const h: Record<string, string | undefined> = { ...learnerHeaders(l, token), ...extra };
      return Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
    };
    return {
      get: async (path, headers) =>
        answer(await app.inject({ method: 'GET', url: `/api/v1${path}`, headers: headersFor(headers) })),
      post: async (path, body, headers) =>
        answer(
          await app.inject({
            method: 'POST',
            url: `/api/v1${path}`,
            headers: { 'content-type': 'application/json', ...headersFor(headers) },
            payload: typeof body === 'string' ? body : JSON.stringify(body),
          }),
        ),
    };
  };
  return {
    app,
    store,
    url: db.url,
    filesDir,
    logs,
    client,
    async stop() {
      await app.close();
      authenticator.close();
      await store.close();
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A minimal valid add body. */
export const newNoteBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  refId: 'res-test',
  refTitle: 'Test resource',
  courseId: 'course-test',
  courseTitle: 'Test course',
  moduleId: 'module-test',
  moduleTitle: 'Test module',
  content: '<p>Hello <strong>world</strong></p>',
  text: 'Hello world',
  anchor: null,
  tags: [],
  ...overrides,
});
