/**
 * `harness serve`: the whole dev setup (notes API, app server, mock portal) from one command,
 * every flag validated before anything starts.
 */
import { Command, Option } from 'commander';
import { FONT_SIZES, type FontSize, THEME_NAMES, type ThemeName } from '../../src/protocol/messages.ts';
import { findSeededUser, PORTAL_LEARNER, SEEDED_USERS, type SeedUser } from '../api/seed.ts';
import type { ServeSettings } from '../serve/run-serve.ts';
import {
  LOCALES,
  type Locale,
  PARENT_KINDS,
  type ParentKind,
  ROUTE_SHAPES,
  type Route,
  themeLabel,
} from '../shared/choices.ts';
import type { Io, Running } from './io.ts';
import {
  parseFontSize,
  parseLocale,
  parseOrigin,
  parseParent,
  parsePort,
  parseRoute,
  parseSeconds,
  parseTheme,
  parseUser,
} from './option-parsers.ts';
import { defaultDataFile, ensureParentDir, oldDataFileNote, PROJECT_ROOT } from './paths.ts';
import { requireSecretFor, resolveSecret } from './secret.ts';
import { addSharedOptions, faultsFrom, type SharedFlags } from './shared-options.ts';

/** Parsed `serve` flags. */
export type ServeFlags = SharedFlags & {
  origin: string;
  appPort: number;
  apiPort: number;
  locale: Locale;
  theme: ThemeName;
  dark: boolean;
  fontSize: FontSize;
  route: Route;
  user?: SeedUser;
  parent: ParentKind;
  tokenTtl?: number;
  open: boolean;
};

const EXAMPLES = `
Examples:
  $ harness serve                                  # parent http://localhost:4200, app http://127.0.0.1:4300
  $ harness serve --locale ar --theme "light green" --dark --route /view
  $ harness serve --route /course/course-ml-101    # the course screen of one course
  $ harness serve --user lukas --latency 400 --fail-rate 0.2
  $ harness serve --origin http://127.0.0.2:4200   # a parent the app must refuse
  $ harness serve --app-port 0 --api-port 0        # any free ports; the URLs are printed
  $ harness serve --parent sunbird-cb              # the real portal's messages: no org, no token, AUTH_REQUEST
  $ harness serve --parent sunbird-cb --token-ttl 30   # …and tokens that expire after 30 s
  $ harness serve --token-ttl 90                   # the default portal, with tokens that last 90 s

Themes: ${THEME_NAMES.map(themeLabel).join(', ')}`;

const opt = (
  flags: string,
  description: string,
  parse: (v: string) => unknown,
  fallback?: unknown,
): Option => {
  const option = new Option(flags, description).argParser(parse);
  return fallback === undefined ? option : option.default(fallback);
};

/** Builds the `serve` command; `onRunning` receives the servers so Ctrl-C can stop them. */
export function serveCommand(io: Io, env: NodeJS.ProcessEnv, onRunning: (r: Running) => void): Command {
  const cmd = new Command('serve')
    .description(
      'build dist/ if needed, then serve the app, the notes service (dev mode) and a mock portal page',
    )
    .addOption(
      opt(
        '--origin <url>',
        'origin of the mock parent page (http, no path)',
        parseOrigin,
        'http://localhost:4200',
      ),
    )
    .addOption(opt('--app-port <n>', 'app server port on 127.0.0.1 (0 = any free port)', parsePort, 4300))
    .addOption(opt('--api-port <n>', 'notes API port on 127.0.0.1 (0 = any free port)', parsePort, 4301))
    .addOption(opt('--locale <code>', `starting locale (${LOCALES.join(', ')})`, parseLocale, 'en'))
    .addOption(opt('--theme <name>', 'starting theme, e.g. blue or "light green"', parseTheme, 'blue'))
    .addOption(new Option('--dark', 'start in dark mode').default(false))
    .addOption(
      opt('--font-size <size>', `starting font size (${FONT_SIZES.join(', ')})`, parseFontSize, 'medium'),
    )
    .addOption(opt('--route <path>', `route the frame opens at (${ROUTE_SHAPES})`, parseRoute, '/'))
    .addOption(
      opt(
        '--user <name>',
        `seeded learner (${SEEDED_USERS.map((u) => u.name).join(', ')}; default: the first)`,
        parseUser,
      ),
    )
    .addOption(
      opt(
        '--parent <kind>',
        `which portal the mock parent page plays (${PARENT_KINDS.join(', ')}); sunbird-cb sends exactly what the real portal sends, and signs in ${PORTAL_LEARNER} unless --user says otherwise`,
        parseParent,
        'default',
      ),
    )
    .addOption(
      opt(
        '--token-ttl <seconds>',
        'every token the mock portal mints expires after this many seconds (default: 12 hours)',
        parseSeconds,
      ),
    )
    .addOption(new Option('--open', 'open the parent page in a browser').default(false));
  return addSharedOptions(cmd)
    .addHelpText('after', EXAMPLES)
    .action(async (flags: ServeFlags) => {
      // Loaded on use, so `harness token` and `--help` don't load the servers.
      const [{ startApi }, { ensureDist }, { openInBrowser }, { runServe }] = await Promise.all([
        import('../api/server.ts'),
        import('../serve/ensure-dist.ts'),
        import('../serve/open-browser.ts'),
        import('../serve/run-serve.ts'),
      ]);
      const deps = { io, env, ensureDist, startApi, openInBrowser };
      onRunning(await runServe(settingsFrom(flags, env), deps));
    });
}

/** The first seeded learner, or for the sunbird-cb portal its learner (org = rootOrg, as that portal needs). */
const defaultUser = (parent: ParentKind): SeedUser =>
  (parent === 'sunbird-cb' ? findSeededUser(PORTAL_LEARNER) : undefined) ?? SEEDED_USERS[0]!;

/** `--origin`'s host name, or the text itself when it doesn't parse (the listen step reports that). */
const originHost = (origin: string): string => {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
};

/**
 * Fills defaults that depend on the environment (data file, secret) and the portal (learner);
 * refuses the public dev secret on a portal reachable from the network (UsageError, exit 2).
 */
export function settingsFrom(
  flags: ServeFlags,
  env: NodeJS.ProcessEnv,
  root: string = PROJECT_ROOT,
): ServeSettings {
  // The mock portal listens on --origin's host and mints tokens there: the dev secret stays local.
  const { secret, source } = resolveSecret(flags.secret, env);
  requireSecretFor(originHost(flags.origin), source, '--origin');
  const dataFile = flags.data ?? defaultDataFile(root);
  ensureParentDir(dataFile);
  return {
    root,
    origin: flags.origin,
    appPort: flags.appPort,
    apiPort: flags.apiPort,
    locale: flags.locale,
    theme: flags.theme,
    darkMode: flags.dark,
    fontSize: flags.fontSize,
    route: flags.route,
    user: flags.user ?? defaultUser(flags.parent),
    parent: flags.parent,
    tokenTtl: flags.tokenTtl,
    dataFile,
    dataNote: flags.data === undefined ? (oldDataFileNote(dataFile) ?? undefined) : undefined,
    secret,
    faults: faultsFrom(flags),
    open: flags.open,
    filesUrl: flags.filesUrl,
  };
}
