/**
 * The servers one browser test runs against, the same ones `harness serve` starts: the notes
 * service in dev mode behind the fault proxy (`startApi`, on a temp SQLite file: seeded, empty, or
 * made of given notes) and the harness's app
 * server (`startAppServer`: http-server with the deployment CSP, caching, precompressed files and
 * the `/api/v1` proxy) serving the real build. Each test starts its own stack, so data never leaks
 * between tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_SECRET } from '../../../harness/api/auth.ts';
import type { OwnedNote } from '../../../harness/api/learner.ts';
import type { SeedUser } from '../../../harness/api/seed.ts';
import { type RunningApi, seedDatabase, startApi } from '../../../harness/api/server.ts';
import { startAppServer } from '../../../harness/serve/app-server.ts';
import { DEFAULT_CONFIG, frameAncestors, LOCAL_DEV_CONFIG } from '../../../src/config/app-config.ts';
import type { Note } from '../../../src/protocol/api-types.ts';
import { ASHA, tokenOf } from './learners.ts';
import type { Running } from './loopback.ts';
import { mountUnder } from './sub-path-front.ts';

/**
 * The build under test: `NOTES_TEST_DIST` — test/run.mjs builds one with the test hooks
 * (`build.mjs --test-hooks`, the editor's fault injection) into .test-artifacts/dist-browser and
 * points this at it, so a test run is neither a release build nor disturbed by someone rebuilding
 * `dist/` meanwhile. Without it (a browser test run by hand): `dist/`.
 */
export const DIST = process.env.NOTES_TEST_DIST || fileURLToPath(new URL('../../../dist', import.meta.url));

/** What the API's database starts with: the harness's seed, nothing, or these notes of one learner. */
export type DataSet = 'seeded' | 'empty' | { notes: Note[]; user?: SeedUser };

/** How to start a stack. */
export type StackOptions = {
  data?: DataSet;
  /** Another build to serve. */
  dist?: string;
  /** Serve the app under this sub-path (a portal's reverse proxy), for a `--base` build. */
  mount?: string;
  /** Parent origins to allow in `frame-ancestors` besides the app's own list (to reach the app's own check). */
  extraFrameAncestors?: string[];
  /** What the API's upload answers before a file name (harness/api/files-url.ts). */
  filesUrl?: string;
};

/** An answer of the API: status and parsed JSON. */
export type ApiAnswer = { status: number; json: unknown };

/** Calls the API directly as one learner, the way the portal's other pages would. */
export type ApiClient = {
  get(path: string): Promise<ApiAnswer>;
  post(path: string, body: unknown): Promise<ApiAnswer>;
  /** The learner's notes on one resource, newest first. */
  notesOn(refId: string): Promise<Note[]>;
  /** One note by id, or undefined when the API no longer has it. */
  note(noteId: string, refId: string): Promise<Note | undefined>;
};

/** A running stack. */
export type Stack = {
  /** Origin the app is served from (the mount's when mounted). */
  appOrigin: string;
  /** URL of an app path (`/view`), under the mount when there is one. */
  appUrl(path: string): string;
  api: RunningApi;
  /** The API's log, one line per call: `POST /api/v1/notes/fetch 200 3ms`. */
  calls: string[];
  client(user?: SeedUser): ApiClient;
  close(): Promise<void>;
};

const ownedBy = (user: SeedUser, notes: Note[]): OwnedNote[] =>
  notes.map((note) => ({ owner: { rootOrg: user.rootOrg, org: user.org, wid: user.wid }, note }));

/** Starts the API and the app server (and the mount front, if asked). */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), 'notes-browser-'));
  const dataFile = join(dir, 'notes.db');
  const data = options.data ?? 'seeded';
  if (data === 'empty') await seedDatabase(dataFile, []);
  else if (data !== 'seeded') await seedDatabase(dataFile, ownedBy(data.user ?? ASHA, data.notes));
  const calls: string[] = [];
  const api = await startApi({
    dataFile,
    secret: DEV_SECRET,
    log: (line) => calls.push(line),
    filesUrl: options.filesUrl,
  });
  const app = await startAppServer({
    root: options.dist ?? DIST,
    apiTarget: new URL(api.url).origin,
    frameAncestors: [...frameAncestors(LOCAL_DEV_CONFIG), ...(options.extraFrameAncestors ?? [])],
    port: 0,
  });
  let front: Running | null = null;
  if (options.mount) front = await mountUnder(options.mount, app.origin);
  const appOrigin = front ? front.origin : app.origin;
  const prefix = (options.mount ?? '/').replace(/\/+$/, '');

  const client = (user: SeedUser = ASHA): ApiClient => {
    const headers = {
      authorization: `Bearer ${tokenOf(user)}`,
      wid: user.wid,
      rootorg: user.rootOrg,
      org: user.org,
      domain: DEFAULT_CONFIG.devParentHost,
      'content-type': 'application/json',
    };
    const call = async (path: string, init: RequestInit): Promise<ApiAnswer> => {
      const res = await fetch(`${api.url}/api/v1${path}`, { ...init, headers });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    };
    const self: ApiClient = {
      get: (path) => call(path, { method: 'GET' }),
      post: (path, body) => call(path, { method: 'POST', body: JSON.stringify(body) }),
      async notesOn(refId) {
        const answer = await self.post('/notes/fetch', { refId, order: 'newest', limit: 100 });
        if (answer.status !== 200) throw new Error(`fetch answered ${answer.status}`);
        return (answer.json as { notes: Note[] }).notes;
      },
      note: async (noteId, refId) => (await self.notesOn(refId)).find((n) => n.noteId === noteId),
    };
    return self;
  };

  return {
    appOrigin,
    appUrl: (path) => `${appOrigin}${prefix}${path}`,
    api,
    calls,
    client,
    async close() {
      await front?.close();
      await app.close();
      await api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
