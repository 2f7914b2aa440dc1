/**
 * `notes-server [serve]`: checks the token settings, opens (and migrates) the database, listens,
 * prints its URL on one line, and on SIGTERM or SIGINT stops taking requests, lets the ones in
 * flight finish, closes the database and exits 0. Logs are JSON lines on stderr.
 */
import { type AppParts, buildApp } from '../app.ts';
import { type AuthConfig, createAuthenticator } from '../auth/index.ts';
import { openStore } from '../store/notes-store.ts';
import { UsageError } from './usage-error.ts';

/** The serve command's options, after commander and env. */
export type ServeOptions = {
  database: string;
  port: number;
  host: string;
  issuer?: string;
  jwksUrl?: string;
  publicKeys?: string;
  audience?: string;
  azp?: string;
  clockTolerance?: number;
  algorithms?: string[];
  allowedOrigins?: string[];
  filesDir: string;
  dev?: boolean;
  secret?: string;
};

/** The token settings, or a UsageError (exit 2) naming what is missing or wrong. */
export function authConfigOf(o: ServeOptions): AuthConfig {
  if (o.dev) {
    if (!o.secret) throw new UsageError('--dev needs --secret S (the harness’s HS256 secret)');
    if (o.azp !== undefined || o.clockTolerance !== undefined)
      throw new UsageError('--azp and --clock-tolerance check real tokens; --dev takes only --secret');
    return { mode: 'dev', secret: o.secret };
  }
  if (o.secret)
    throw new UsageError(
      '--secret is for --dev only; real tokens are checked with --jwks-url or --public-keys',
    );
  if (!o.issuer)
    throw new UsageError('--issuer is required (the exact iss of the portal’s tokens), or NOTES_ISSUER');
  if (!o.jwksUrl && !o.publicKeys)
    throw new UsageError('a key source is required: --jwks-url URL or --public-keys DIR');
  if (o.jwksUrl && o.publicKeys)
    throw new UsageError('give one key source: --jwks-url or --public-keys, not both');
  return {
    mode: 'keys',
    issuer: o.issuer,
    ...(o.jwksUrl ? { jwksUrl: o.jwksUrl } : {}),
    ...(o.publicKeys ? { publicKeysDir: o.publicKeys } : {}),
    ...(o.audience ? { audience: o.audience } : {}),
    ...(o.azp !== undefined ? { azp: o.azp } : {}),
    ...(o.clockTolerance !== undefined ? { leewaySeconds: o.clockTolerance } : {}),
    ...(o.algorithms ? { algorithms: o.algorithms } : {}),
  };
}

const urlOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Runs the service until a signal; resolves with the exit code. */
export async function serve(o: ServeOptions, out: (line: string) => void): Promise<number> {
  let authenticator: Awaited<ReturnType<typeof createAuthenticator>>;
  try {
    authenticator = await createAuthenticator(authConfigOf(o));
  } catch (e) {
    throw e instanceof UsageError ? e : new UsageError((e as Error).message);
  }
  const store = await openStore(o.database);
  const parts: AppParts = {
    store,
    authenticator,
    files: o.filesDir,
    log: { stream: process.stderr },
    ...(o.allowedOrigins ? { allowedOrigins: o.allowedOrigins } : {}),
  };
  const app = await buildApp(parts);
  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (e) {
    await app.close();
    await store.close();
    authenticator.close();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  out(urlOf(o.host, port));
  return new Promise((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      app.log.info('stopping: finishing the requests in flight');
      await app.close();
      authenticator.close();
      await store.close();
      resolve(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
