/**
 * Test fixture for the harness API (the notes service in dev mode behind the fault proxy): a temp
 * folder, a started API on 127.0.0.1:0, and a small client
 * that sends the five headers for a learner. Every test gets its own folder and closes its API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDED_USERS, type SeedUser, tokenForUser } from '../../../../harness/api/seed.ts';
import { type ApiOptions, type RunningApi, startApi } from '../../../../harness/api/server.ts';

/** The secret every test API uses. */
export const TEST_SECRET = 'test-secret-for-the-harness-api';

/** A seeded learner by index, failing loudly if the seed shrank. */
export const seeded = (i: number): SeedUser => {
  const u = SEEDED_USERS[i];
  if (!u) throw new Error(`no seeded user #${i}`);
  return u;
};

/** A fresh temp folder and its remover. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'notes-api-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A decoded answer: status, headers and parsed JSON (or raw bytes for non-JSON). */
export type Answer = { status: number; headers: Headers; json: unknown; bytes: Buffer };

/** Reads a fetch Response fully. */
export async function answer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json'))
    json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, json, bytes };
}

/** The five request headers for a learner, with optional overrides (undefined removes one). */
export function headersFor(
  user: SeedUser,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const base: Record<string, string | undefined> = {
    authorization: `Bearer ${tokenForUser(user, TEST_SECRET)}`,
    rootorg: user.rootOrg,
    org: user.org,
    wid: user.wid,
    domain: 'portal.example.test',
    'content-type': 'application/json',
    ...overrides,
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) out[k] = v;
  return out;
}

/** A client bound to one API and one learner. */
export type Client = {
  post(path: string, body: unknown, headers?: Record<string, string | undefined>): Promise<Answer>;
  get(path: string, headers?: Record<string, string | undefined>): Promise<Answer>;
  raw(path: string, init: RequestInit): Promise<Answer>;
};

/** Builds a client; paths are relative to /api/v1. */
export function clientFor(api: RunningApi, user: SeedUser): Client {
  const url = (path: string) => `${api.url}/api/v1${path}`;
  return {
    post: async (path, body, headers) =>
      answer(
        await fetch(url(path), {
          method: 'POST',
          headers: headersFor(user, headers),
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    get: async (path, headers) => answer(await fetch(url(path), { headers: headersFor(user, headers) })),
    raw: async (path, init) => answer(await fetch(url(path), init)),
  };
}

/** A running API on a temp database, plus a teardown that closes it and removes the folder. */
export type Fixture = {
  api: RunningApi;
  dir: string;
  dataFile: string;
  logs: string[];
  stop: () => Promise<void>;
};

/** Starts an API for one test. */
export async function startFixture(options: Partial<ApiOptions> = {}): Promise<Fixture> {
  const { dir, remove } = await tempDir();
  const dataFile = join(dir, 'notes.db');
  const logs: string[] = [];
  const api = await startApi({ dataFile, secret: TEST_SECRET, log: (l) => logs.push(l), ...options });
  return {
    api,
    dir,
    dataFile,
    logs,
    stop: async () => {
      await api.close();
      await remove();
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
