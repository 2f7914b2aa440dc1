import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureDist, runBuild, staleReason } from '../../../harness/serve/ensure-dist.ts';

const it = suite<{ root: string }>('ensure dist');

const put = (root: string, rel: string, secondsAgo: number): void => {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, rel);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(file, t, t);
};

/** A build in dist/ made `secondsAgo`: a development build (local parents) unless `release`. */
const putDist = (root: string, secondsAgo: number, release = false): void => {
  put(root, 'dist/index.html', secondsAgo);
  const csp = `frame-ancestors https://example.org${release ? '' : ' http://localhost:* https://localhost:*'}`;
  writeFileSync(
    join(root, 'dist/headers.json'),
    JSON.stringify({ headers: { 'Content-Security-Policy': csp } }),
  );
};

it.before.each((ctx) => {
  ctx.root = mkdtempSync(join(tmpdir(), 'notes-ensure-dist-'));
  put(ctx.root, 'src/main.tsx', 300);
  put(ctx.root, 'src/notes/list.tsx', 300);
  put(ctx.root, 'locales/fr.json', 300);
  put(ctx.root, 'build.mjs', 300);
});
it.after.each((ctx) => rmSync(ctx.root, { recursive: true, force: true }));

it('a missing dist/index.html needs a build', ({ root }) => {
  assert.match(staleReason(root)!, /dist\/index\.html is missing/);
});

it('a dist newer than every source is reused', ({ root }) => {
  putDist(root, 100);
  assert.is(staleReason(root), null);
});

it('a release build (no local parents, which refuses the localhost portal) is rebuilt', ({ root }) => {
  putDist(root, 100, true);
  assert.match(staleReason(root)!, /dist is a release build \(no local parents\)/);
  rmSync(join(root, 'dist/headers.json'));
  assert.match(staleReason(root)!, /release build/, 'no headers file: not known to be a development build');
});

it('a newer file under src/ or locales/, or a newer build.mjs, makes dist stale', ({ root }) => {
  putDist(root, 100);
  put(root, 'src/notes/list.tsx', 10);
  assert.match(staleReason(root)!, /src\/notes\/list\.tsx changed/);
  put(root, 'src/notes/list.tsx', 300);
  put(root, 'locales/fr.json', 10);
  assert.match(staleReason(root)!, /locales\/fr\.json changed/);
  put(root, 'locales/fr.json', 300);
  put(root, 'build.mjs', 10);
  assert.match(staleReason(root)!, /build\.mjs changed/);
});

it("NOTES_IMAGE_ORIGINS that the build's img-src lacks makes dist stale (the build reads that env)", ({
  root,
}) => {
  putDist(root, 100);
  const csp = "img-src 'self' data: blob: https://cdn.example.org; frame-ancestors http://localhost:*";
  writeFileSync(
    join(root, 'dist/headers.json'),
    JSON.stringify({ headers: { 'Content-Security-Policy': csp } }),
  );
  const dist = join(root, 'dist');
  assert.is(staleReason(root, dist, {}), null);
  assert.is(
    staleReason(root, dist, { NOTES_IMAGE_ORIGINS: 'https://CDN.example.org/' }),
    null,
    'parsed, not text',
  );
  assert.match(
    staleReason(root, dist, { NOTES_IMAGE_ORIGINS: 'https://cdn.example.org,https://img.example.net' })!,
    /NOTES_IMAGE_ORIGINS has https:\/\/img\.example\.net, not in the build's img-src/,
  );
  assert.match(
    staleReason(root, dist, { NOTES_IMAGE_ORIGINS: 'https://cdn.example.org/x' })!,
    /not in the build's img-src/,
    'a value the build refuses: it builds, and says why',
  );
});

it('ensureDist builds only when stale and says why', async ({ root }) => {
  const lines: string[] = [];
  let builds = 0;
  const build = async () => {
    builds += 1;
    putDist(root, 0);
  };
  await ensureDist(root, (l) => lines.push(l), build);
  assert.is(builds, 1);
  assert.match(lines[0]!, /building dist\/ \(dist\/index\.html is missing\)/);
  await ensureDist(root, (l) => lines.push(l), build);
  assert.is(builds, 1, 'fresh dist is reused');
});

it('two serves at once: one builds, the other waits for it and uses its dist/', async ({ root }) => {
  const lines: string[] = [];
  let builds = 0;
  let running = 0;
  const build = async () => {
    builds += 1;
    running += 1;
    assert.is(running, 1, 'never two builds into one dist/');
    await new Promise((r) => setTimeout(r, 100));
    putDist(root, 0);
    running -= 1;
  };
  await Promise.all([
    ensureDist(root, (l) => lines.push(l), build, {}, 10),
    ensureDist(root, (l) => lines.push(l), build, {}, 10),
  ]);
  assert.is(builds, 1);
  assert.ok(lines.some((l) => /waiting for the build another serve \(pid \d+\) is running/.test(l)));
  assert.not.ok(existsSync(join(root, '.harness/dist-build.lock')), 'the lock is released');
});

it('a lock left by a build that died is taken over', async ({ root }) => {
  mkdirSync(join(root, '.harness'), { recursive: true });
  writeFileSync(join(root, '.harness/dist-build.lock'), '2147483646'); // no such process
  let builds = 0;
  await ensureDist(
    root,
    () => undefined,
    async () => {
      builds += 1;
      putDist(root, 0);
    },
    {},
    10,
  );
  assert.is(builds, 1);
});

it('runBuild rejects with one clear line when the build fails or is missing', async ({ root }) => {
  writeFileSync(join(root, 'build.mjs'), 'process.exit(3)');
  try {
    await runBuild(root);
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /the build failed \(node build\.mjs exited with 3\)/);
  }
  rmSync(join(root, 'build.mjs'));
  try {
    await runBuild(root);
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /build\.mjs does not exist/);
  }
});

it('runBuild resolves when the build succeeds', async ({ root }) => {
  writeFileSync(
    join(root, 'build.mjs'),
    [
      "import { writeFileSync, mkdirSync } from 'node:fs'; mkdirSync('dist');",
      "writeFileSync('dist/index.html', process.argv.slice(2).join(' '));",
      "const local = process.argv.includes('--local-parents') ? ' http://localhost:*' : '';",
      "writeFileSync('dist/headers.json', JSON.stringify({ headers: { 'Content-Security-Policy': 'frame-ancestors x' + local } }));",
    ].join('\n'),
  );
  await runBuild(root);
  assert.is(readFileSync(join(root, 'dist/index.html'), 'utf8'), '--quiet --local-parents');
  assert.is(staleReason(root), null);
});

it.run();
