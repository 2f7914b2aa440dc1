/**
 * PostgreSQL for the tests: finds the local server, or starts Debian's cluster when run as root
 * (`pg_ctlcluster <version> <name> start`), and makes a fresh database per suite, dropped at its
 * end. It logs in over 127.0.0.1 as the role `notes_test` (password `notes_test`, CREATEDB only, made
 * once through `runuser -u postgres -- psql` when run as root), or as NOTES_TEST_POSTGRES
 * (`postgres://user:password@host:port/postgres`, a role that may CREATE DATABASE) when that is set.
 * When none of that works it throws one clear message: a PostgreSQL test fails, it is never skipped.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';

const ROLE = 'notes_test';
const PASSWORD = 'notes_test';
const DEFAULT_ADMIN = `postgres://${ROLE}:${PASSWORD}@127.0.0.1:5432/postgres`;

const HOW =
  'Install and start it as root: apt-get install -y postgresql && pg_ctlcluster 15 main start ' +
  '(the tests then make their role), or set NOTES_TEST_POSTGRES=postgres://user:password@host:port/postgres ' +
  'for a role that may CREATE DATABASE.';

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });

/** Starts every Debian cluster that is down; returns what went wrong, or null. */
function startClusters(): string | null {
  if (!isRoot()) return 'not root, so the tests cannot start it';
  if (!existsSync('/usr/bin/pg_lsclusters')) return 'PostgreSQL is not installed (no pg_lsclusters)';
  const list = run('pg_lsclusters', ['-h']);
  const down = list.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 4 && cols[3] === 'down');
  for (const [version, name] of down) {
    const started = run('pg_ctlcluster', [version!, name!, 'start']);
    if (started.status !== 0)
      return `pg_ctlcluster ${version} ${name} start failed: ${started.stderr.trim()}`;
  }
  return null;
}

/** Makes (or repairs) the test role as the postgres superuser; returns what went wrong, or null. */
function createRole(): string | null {
  if (!isRoot()) return 'not root, so the tests cannot create their role';
  const statement =
    `DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') ` +
    `THEN ALTER ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}'; ` +
    `ELSE CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}'; END IF; END $$`;
  const made = run('runuser', [
    '-u',
    'postgres',
    '--',
    'psql',
    '-X',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    statement,
  ]);
  return made.status === 0 ? null : `creating role ${ROLE} failed: ${(made.stderr || made.stdout).trim()}`;
}

async function tryConnect(url: string): Promise<pg.Client | { code: string; message: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => {});
    const err = e as { code?: string; message?: string };
    return { code: err.code ?? 'unknown', message: err.message ?? String(e) };
  }
}

const AUTH_CODES = new Set(['28P01', '28000']);

/** A client on the maintenance database, as a role that may create databases. */
async function adminClient(): Promise<{ client: pg.Client; adminUrl: string }> {
  const override = process.env.NOTES_TEST_POSTGRES;
  const adminUrl = override ?? DEFAULT_ADMIN;
  let first = await tryConnect(adminUrl);
  if (first instanceof pg.Client) return { client: first, adminUrl };
  if (override)
    throw new Error(`PostgreSQL tests: cannot log in with NOTES_TEST_POSTGRES (${first.message}).`);
  // Test files run in parallel workers: another may be starting the cluster or making the role at
  // this moment, so a failed start or creation is judged by whether a login then works.
  if (!AUTH_CODES.has(first.code)) {
    const problem = startClusters();
    for (let i = 0; i < 30; i++) {
      first = await tryConnect(adminUrl);
      if (first instanceof pg.Client || AUTH_CODES.has(first.code)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (first instanceof pg.Client) return { client: first, adminUrl };
    if (!AUTH_CODES.has(first.code)) {
      const why = problem ?? 'it was started but does not answer';
      throw new Error(`PostgreSQL tests: no server at 127.0.0.1:5432 (${first.message}); ${why}. ${HOW}`);
    }
  }
  const problem = createRole();
  for (let i = 1; ; i++) {
    const again = await tryConnect(adminUrl);
    if (again instanceof pg.Client) return { client: again, adminUrl };
    if (i === 10) {
      const why = problem ?? 'the role was made';
      throw new Error(`PostgreSQL tests: cannot log in as ${ROLE} (${again.message}); ${why}. ${HOW}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A database made for one suite: its URL, and how to drop it. */
export type PostgresTestDatabase = { url: string; drop(): Promise<void> };

/** Creates `notes_test_<random>` and returns its URL; `drop()` removes it (closing what is still connected). */
export async function createPostgresDatabase(): Promise<PostgresTestDatabase> {
  const { client, adminUrl } = await adminClient();
  const name = `notes_test_${randomBytes(6).toString('hex')}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const { client: admin } = await adminClient();
      try {
        // FORCE ends the suite's own sessions; an autovacuum worker on the fresh rows is the
        // server's, which this role may not end (42501): it finishes within moments, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (e) {
            const code = (e as { code?: string }).code;
            if (attempt >= 40 || (code !== '42501' && code !== '55006')) throw e;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}
