/**
 * Harness API throughput (the notes service in dev mode on SQLite, behind the fault proxy with no
 * faults): 10,000 notes for one learner in a temp database, then ~3 s (bounded
 * request count) each of POST /notes/fetch (limit 20, without and with a query) and POST
 * /notes/add at concurrency 16 over loopback. Run: `node --import tsx bench/api-throughput.ts`.
 * The client (a keep-alive node:http agent, lighter than fetch) shares the process and its one
 * thread with the server, so the numbers are a floor for the server alone.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_SECRET } from '../harness/api/auth.ts';
import { SEEDED_USERS, tokenForUser } from '../harness/api/seed.ts';
import { seedDatabase, startApi } from '../harness/api/server.ts';
import { plainText } from '../server/src/notes/plain-text.ts';
import type { Note } from '../src/protocol/api-types.ts';

const NOTES = 10_000;
const CONCURRENCY = 16;
const SECONDS = 3;
const MAX_REQUESTS = 60_000;
const WORDS = [
  'gradient',
  'regression',
  'contrast',
  'landmark',
  'Überschrift',
  'प्रतिगमन',
  'équipe',
  'decisión',
  'الانحدار',
  'exam',
];

/** A deterministic, realistic note body for note i. */
function benchNote(i: number): Note {
  const at = new Date(Date.UTC(2023, 0, 1) + i * 37_000).toISOString();
  const words = Array.from({ length: 30 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
  const content = `<p>Note ${i}: <strong>${WORDS[i % WORDS.length]}</strong></p><ul><li>${words}</li></ul>`;
  return {
    noteId: `bench-${String(i).padStart(6, '0')}`,
    refId: `res-${i % 200}`,
    moduleId: `module-${i % 40}`,
    courseId: `course-${i % 8}`,
    refTitle: `Resource ${i % 200}`,
    moduleTitle: `Module ${i % 40}`,
    courseTitle: `Course ${i % 8}`,
    domain: 'bench.example',
    appRef: null,
    displayName: 'Bench Learner',
    content,
    text: plainText(content),
    anchor:
      i % 3 === 0
        ? { kind: 'time', seconds: i % 3600 }
        : i % 3 === 1
          ? { kind: 'page', page: 1 + (i % 90) }
          : null,
    tags: i % 5 === 0 ? ['exam'] : [],
    createdOn: at,
    updatedOn: at,
    version: 1,
  };
}

type Result = { name: string; ok: number; failed: number; seconds: number; p50: number; p95: number };

/** Runs `call` from CONCURRENCY workers until SECONDS pass or MAX_REQUESTS are sent. */
async function measure(name: string, call: (n: number) => Promise<boolean>): Promise<Result> {
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline && sent < MAX_REQUESTS) {
      const n = sent++;
      const t = performance.now();
      if (await call(n)) latencies.push(performance.now() - t);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { name, ok: latencies.length, failed, seconds, p50: pct(0.5), p95: pct(0.95) };
}

const dir = await mkdtemp(join(tmpdir(), 'notes-api-bench-'));
try {
  const user = SEEDED_USERS[0]!;
  const owner = { rootOrg: user.rootOrg, org: user.org, wid: user.wid };
  const dataFile = join(dir, 'notes.db');
  await seedDatabase(
    dataFile,
    Array.from({ length: NOTES }, (_, i) => ({ owner, note: benchNote(i) })),
  );
  const sizeBefore = (await stat(dataFile)).size;
  const api = await startApi({ dataFile, secret: DEV_SECRET });
  const headers = {
    authorization: `Bearer ${tokenForUser(user, DEV_SECRET)}`,
    rootorg: user.rootOrg,
    org: user.org,
    wid: user.wid,
    domain: 'bench.example',
    'content-type': 'application/json',
  };
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = (path: string, body: unknown, want: number) =>
    new Promise<boolean>((resolve) => {
      const req = request(`${api.url}/api/v1${path}`, { method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === want));
        res.on('error', () => resolve(false));
      });
      req.on('error', () => resolve(false));
      req.end(JSON.stringify(body));
    });
  const results = [
    await measure('POST /notes/fetch limit 20', () => post('/notes/fetch', { limit: 20 }, 200)),
    await measure('POST /notes/fetch limit 20 + query', (n) =>
      post('/notes/fetch', { limit: 20, query: WORDS[n % WORDS.length] }, 200),
    ),
    await measure('POST /notes/add', (n) =>
      post('/notes/add', { refId: 'res-bench', content: `<p>bench add ${n}</p>`, tags: ['bench'] }, 201),
    ),
  ];
  agent.destroy();
  await api.close();
  const sizeAfter = (await stat(dataFile)).size;
  console.log(
    `harness API throughput (notes service, SQLite) — ${NOTES} notes, concurrency ${CONCURRENCY}, ~${SECONDS}s each, Node ${process.version}`,
  );
  for (const r of results) {
    const rate = (r.ok / r.seconds).toFixed(0).padStart(6);
    console.log(
      `${r.name.padEnd(36)} ${rate} req/s  (${r.ok} ok, ${r.failed} failed, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms)`,
    );
  }
  console.log(`database: ${sizeBefore} bytes with ${NOTES} notes; ${sizeAfter} bytes after the add run`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
