/**
 * The image origins of a build (scripts/image-origins.mjs): `--image-origins` / NOTES_IMAGE_ORIGINS
 * parsed by URL parts, a bad value refused with one line and exit code 2 like the other options,
 * and the same origins in the CSP `img-src` of the deployment's headers.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { BuildOptionError, resolveOptions } from '../../build.mjs';
import { contentSecurityPolicy, deployHeaders } from '../../scripts/deploy-headers.mjs';
import { parseImageOrigin, parseImageOrigins } from '../../scripts/image-origins.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const why = (raw: string, local = false) => {
  const r = parseImageOrigin(raw, local);
  return r instanceof Error ? r.message : `ok ${r}`;
};

test('origins are normalised by their parsed parts', () => {
  assert.is(parseImageOrigin('https://cdn.example.org', false), 'https://cdn.example.org');
  assert.is(parseImageOrigin('https://CDN.Example.org/', false), 'https://cdn.example.org');
  assert.is(parseImageOrigin('https://cdn.example.org:443', false), 'https://cdn.example.org');
  assert.is(parseImageOrigin('https://cdn.example.org:8443', false), 'https://cdn.example.org:8443');
  assert.is(parseImageOrigin('https://bücher.example', false), 'https://xn--bcher-kva.example');
});

test('a list: commas, blanks ignored, duplicates once, in order', () => {
  assert.equal(parseImageOrigins('', false), []);
  assert.equal(
    parseImageOrigins(' https://b.example.org , https://a.example.org,,https://B.example.org/ ', false),
    ['https://b.example.org', 'https://a.example.org'],
  );
});

test('bad values: one line saying which and why', () => {
  const cases: [string, RegExp][] = [
    ['cdn.example.org', /is not a URL/],
    ['http://cdn.example.org', /must be an https origin/],
    ['ftp://cdn.example.org', /must be an https origin/],
    ['data:image/png', /must be an https origin/],
    ['https://cdn.example.org/images/', /origin only/],
    ['https://cdn.example.org?x=1', /origin only/],
    ['https://cdn.example.org?', /origin only/],
    ['https://cdn.example.org#top', /origin only/],
    ['https://user:pw@cdn.example.org', /user name or password/],
    ['https://*.example.org', /domain name/],
    ['https://cdn_1.example.org', /domain name/],
    ['https://intranet', /domain name/],
    ['https://[::1]', /domain name/],
    ['http://localhost:9000', /only a development build/],
    ["'self'", /is not a URL/],
    ['*', /is not a URL/],
  ];
  for (const [raw, message] of cases) {
    const said = why(raw);
    assert.match(said, message, raw);
    assert.ok(said.startsWith(`--image-origins: "${raw}"`), said);
    assert.not.match(said, /\n/);
  }
  assert.throws(
    () => parseImageOrigins('https://ok.example.org,https://bad.example.org/x', false),
    /origin only/,
  );
});

test('a development build may name a loopback host over plain http', () => {
  assert.is(parseImageOrigin('http://localhost:9000', true), 'http://localhost:9000');
  assert.is(parseImageOrigin('http://127.0.0.1:9000/', true), 'http://127.0.0.1:9000');
  assert.match(why('http://cdn.example.org', true), /must be an https origin/);
});

test('build options: none by default, the flag over the env, a bad value a BuildOptionError', () => {
  assert.equal(resolveOptions([], {}).imageOrigins, []);
  assert.equal(
    resolveOptions(['--image-origins', 'https://CDN.example.org/,https://img.example.net:8443'], {})
      .imageOrigins,
    ['https://cdn.example.org', 'https://img.example.net:8443'],
  );
  const env = { NOTES_IMAGE_ORIGINS: 'https://env.example.org' };
  assert.equal(resolveOptions([], env).imageOrigins, ['https://env.example.org']);
  assert.equal(resolveOptions(['--image-origins', 'https://flag.example.org'], env).imageOrigins, [
    'https://flag.example.org',
  ]);
  assert.equal(
    resolveOptions(['--image-origins', 'http://localhost:9000', '--local-parents'], {}).imageOrigins,
    ['http://localhost:9000'],
  );
  assert.equal(
    resolveOptions([], { NOTES_IMAGE_ORIGINS: 'http://127.0.0.1:9000', NOTES_LOCAL_PARENTS: '1' })
      .imageOrigins,
    ['http://127.0.0.1:9000'],
  );
  for (const [argv, envs] of [
    [['--image-origins', 'http://localhost:9000'], {}],
    [[], { NOTES_IMAGE_ORIGINS: 'https://cdn.example.org/images' }],
    [['--image-origins', 'https://*.example.org'], {}],
  ] as const) {
    assert.throws(
      () => resolveOptions([...argv], envs),
      (e: unknown) => e instanceof BuildOptionError,
      JSON.stringify([argv, envs]),
    );
  }
});

test('node build.mjs with a bad origin: one line on stderr, exit code 2, nothing built', () => {
  const run = spawnSync(
    process.execPath,
    ['build.mjs', '--image-origins', 'https://cdn.example.org/x', '--out', '/nonexistent/never'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NOTES_IMAGE_ORIGINS: '' },
    },
  );
  assert.is(run.status, 2);
  assert.is(
    run.stderr,
    'build: --image-origins: "https://cdn.example.org/x" must be an origin only (no path, query or fragment)\n',
  );
});

test("the CSP's img-src: the app, data: and blob:, the API's https origin, then the image origins", () => {
  const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src'));
  assert.is(imgSrc(contentSecurityPolicy([])), "img-src 'self' data: blob:", 'the default');
  assert.is(
    imgSrc(contentSecurityPolicy([], '/api/v1', undefined, ['https://cdn.example.org'])),
    "img-src 'self' data: blob: https://cdn.example.org",
  );
  assert.is(
    imgSrc(
      contentSecurityPolicy([], 'https://api.example.org/v1', undefined, [
        'https://cdn.example.org',
        'https://api.example.org',
      ]),
    ),
    "img-src 'self' data: blob: https://api.example.org https://cdn.example.org",
    'an https API once',
  );
  const data = deployHeaders({ frameAncestors: [], files: [], imageOrigins: ['https://cdn.example.org'] });
  assert.is(
    imgSrc(data.headers['Content-Security-Policy'] ?? ''),
    "img-src 'self' data: blob: https://cdn.example.org",
  );
});

test.run();
