/**
 * The soak's settings, from flags or environment variables, so a run can be made harder, shorter
 * or reproducible without editing code. Flags win over the environment; a bad value stops the run
 * with one line (exit 2) rather than soaking with a setting nobody asked for.
 */
import { isAbsolute, resolve } from 'node:path';

/** Everything one soak run is shaped by. */
export type SoakOptions = {
  /** Notes the learner adds. */
  notes: number;
  /** Edits of earlier notes, and deletes (each waits out its Undo window unless taken back). */
  edits: number;
  deletes: number;
  /** The harness API's share of calls answered 503 (half before the work, half after it: a lost answer). */
  failRate: number;
  /** The harness API's delay before every answer, in ms. */
  latency: number;
  /** Seeds the learner's choices and texts (the API's own fault draws are not seeded). */
  seed: number;
  /** How long to wait at the end for the app's outbox to empty, in ms. */
  settleMs: number;
  /** The build to serve: a directory built (or rebuilt when stale) by `node build.mjs --out`. */
  dist: string | null;
  /**
   * Seconds every token lives, or null for the stand-in portal's 12-hour token. Set, the portal is
   * the sunbird-cb one: no token in the context, a fresh token of this lifetime per AUTH_REQUEST.
   */
  tokenTtl: number | null;
  /** Frames of the learner (default 2): a second tab of the same portal, where some writes are made. */
  frames: 1 | 2;
  /** Offline spells (the API unreachable 10–30 s, with writes and a reload in each); 0 for none. */
  offlineSpells: number;
  /** Whether the first request for each lazy file the learner needs is dropped once. */
  dropFiles: boolean;
  help: boolean;
};

/** What `--help` prints. */
export const USAGE = `Usage: npm run soak -- [options]   (or: node --import tsx soak/run.ts [options])

A scripted learner adds, edits and deletes notes in Chromium against a flaky harness API (the
notes service in dev mode behind the fault proxy), in two frames (tabs), with reloads, a kill -9
of the API, offline spells and dropped file requests along the way, then compares the server's
notes with what the learner did and with what each frame shows. Exits 1 on any difference.

Options (environment variable in brackets):
  --notes <n>       notes added (SOAK_NOTES, default 200)
  --edits <n>       edits of earlier notes (SOAK_EDITS, default 30% of notes)
  --deletes <n>     deletes (SOAK_DELETES, default 20% of notes)
  --fail-rate <r>   API calls answered 503, 0–1 (SOAK_FAIL_RATE, default 0.2)
  --latency <ms>    API answer delay (SOAK_LATENCY, default 300)
  --seed <n>        seed of the learner's choices (SOAK_SEED, default: random, printed)
  --settle <s>      wait at most this long for the outbox to empty (SOAK_SETTLE_SECONDS, default 180)
  --dist <dir>      build to serve, rebuilt when stale (SOAK_DIST, default dist/)
  --token-ttl <s>   tokens expire after this many seconds: the portal is then the harness's
                    sunbird-cb one (no token in the context; every AUTH_REQUEST answered with a
                    fresh token of that lifetime), learner Ravi (SOAK_TOKEN_TTL, default: off,
                    Asha with a 12-hour token in the context)
  --frames <1|2>    frames of the learner: 2 opens the portal again in a second tab and makes
                    about a third of the writes there (SOAK_FRAMES, default 2; 1 for one tab)
  --offline <n>     offline spells: the API unreachable for 10–30 s, with writes and a reload
                    in each (SOAK_OFFLINE, default 3; 0 for none)
  --drop-files <on|off>  drop the first request for each lazy file once (SOAK_DROP_FILES, default on)
  -h, --help        this text
Headless only.`;

/** A usage problem: printed as one line, exit code 2. */
export class UsageError extends Error {}

const number = (name: string, raw: string, min: number, max: number, integer: boolean): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(
      `${name} ${raw}: expected ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`,
    );
  }
  return n;
};

const FLAGS: Record<string, string> = {
  '--notes': 'SOAK_NOTES',
  '--edits': 'SOAK_EDITS',
  '--deletes': 'SOAK_DELETES',
  '--fail-rate': 'SOAK_FAIL_RATE',
  '--latency': 'SOAK_LATENCY',
  '--seed': 'SOAK_SEED',
  '--settle': 'SOAK_SETTLE_SECONDS',
  '--dist': 'SOAK_DIST',
  '--token-ttl': 'SOAK_TOKEN_TTL',
  '--frames': 'SOAK_FRAMES',
  '--offline': 'SOAK_OFFLINE',
  '--drop-files': 'SOAK_DROP_FILES',
};

/** `on`/`off` (also `true`/`false`, `1`/`0`, `yes`/`no`). */
const onOff = (name: string, raw: string): boolean => {
  const v = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new UsageError(`${name} ${raw}: expected on or off`);
};

/** Parses `argv` (without node and the script) over `env`; throws UsageError on a bad value. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, cwd: string): SoakOptions {
  const raw: Record<string, string | undefined> = {};
  for (const [flag, name] of Object.entries(FLAGS)) raw[flag] = env[name];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '--headed') throw new UsageError('--headed: the soak runs headless only');
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (!(flag in FLAGS)) throw new UsageError(`${arg}: unknown option (see --help)`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${flag}: needs a value`);
    raw[flag] = value;
  }
  const notes = raw['--notes'] ? number('--notes', raw['--notes'], 1, 5000, true) : 200;
  const dist = raw['--dist']
    ? isAbsolute(raw['--dist'])
      ? raw['--dist']
      : resolve(cwd, raw['--dist'])
    : null;
  return {
    notes,
    edits: raw['--edits'] ? number('--edits', raw['--edits'], 0, 10_000, true) : Math.round(notes * 0.3),
    deletes: raw['--deletes']
      ? number('--deletes', raw['--deletes'], 0, notes, true)
      : Math.round(notes * 0.2),
    failRate: raw['--fail-rate'] ? number('--fail-rate', raw['--fail-rate'], 0, 0.9, false) : 0.2,
    latency: raw['--latency'] ? number('--latency', raw['--latency'], 0, 10_000, true) : 300,
    seed: raw['--seed']
      ? number('--seed', raw['--seed'], 0, 2 ** 32 - 1, true)
      : Math.floor(Math.random() * 2 ** 32),
    settleMs: 1000 * (raw['--settle'] ? number('--settle', raw['--settle'], 10, 3600, true) : 180),
    dist,
    tokenTtl: raw['--token-ttl'] ? number('--token-ttl', raw['--token-ttl'], 1, 86_400, true) : null,
    frames: raw['--frames'] ? (number('--frames', raw['--frames'], 1, 2, true) as 1 | 2) : 2,
    offlineSpells: raw['--offline'] ? number('--offline', raw['--offline'], 0, 10, true) : 3,
    dropFiles: raw['--drop-files'] ? onOff('--drop-files', raw['--drop-files']) : true,
    help,
  };
}
