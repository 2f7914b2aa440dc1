/**
 * Preact built from its sources (scripts/preact-source.mjs): the names resolve to the sources, the
 * private names are found, and the build's check refuses code that would read an internal its
 * build from source does not give it.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assertPreactFromSource,
  distInternalReads,
  preactFromSource,
  preactPrivateNames,
  unmangledNames,
} from '../../scripts/preact-source.mjs';

// As esbuild names files: node_modules may be a link.
const PREACT = realpathSync(fileURLToPath(new URL('../../node_modules/preact', import.meta.url)));

test("Preact's private names, and none of React's or the DOM's", () => {
  const names = preactPrivateNames(PREACT);
  for (const n of ['_children', '_component', '_dom', '_parent', '__hooks', '_pendingEffects'])
    assert.ok(names.includes(n), n);
  for (const n of ['__html', '__source', '__self']) assert.not.ok(names.includes(n), n);
});

test("a dist internal's name is found where code reads or writes it", () => {
  assert.equal(distInternalReads('a.__k=b.__H;c.__html;d.__notesShared;e.__'), ['__k', '__H']);
  assert.equal(distInternalReads('x.__c.__c(y)'), ['__c']);
});

test('a private name still spelled out (a quoted key) is found; a longer name is not it', () => {
  assert.equal(unmangledNames('o["_dom"]', ['_dom', '_parent']), ['_dom']);
  assert.equal(unmangledNames('"_dom"in o', ['_dom']), ['_dom']);
  assert.equal(unmangledNames('o._domX;o.a_dom', ['_dom']), []);
});

test("the build's check names the file and the property", () => {
  const dir = mkdtempSync(join(tmpdir(), 'preact-source-'));
  try {
    const good = join(dir, 'good.js');
    const bad = join(dir, 'bad.js');
    writeFileSync(good, 'a.b=c.d;');
    writeFileSync(bad, 'v.__u|=4;w["_children"]=[]');
    assertPreactFromSource([good], ['_children']);
    assert.throws(
      () => assertPreactFromSource([good, bad], ['_children']),
      (e: Error) => /bad\.js reads \.__u/.test(e.message) && /bad\.js spells _children/.test(e.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("React's names and Preact's resolve to the sources; compat's unused parts are left out", async () => {
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { memo } from 'react'; import { createRoot } from 'react-dom/client'; console.log(memo, createRoot);",
      resolveDir: PREACT,
    },
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    plugins: [preactFromSource(PREACT)],
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((i) => i.endsWith('preact/compat/src/memo.js')));
  assert.ok(inputs.some((i) => i.endsWith('preact/src/diff/index.js')));
  assert.not.ok(
    inputs.some((i) => i.includes('/dist/')),
    'no dist file',
  );
  const kept = Object.keys(Object.values(result.metafile.outputs)[0]?.inputs ?? {});
  for (const part of ['suspense.js', 'suspense-list.js', 'PureComponent.js', 'Children.js', 'portals.js'])
    assert.not.ok(
      kept.some((i) => i.endsWith(`compat/src/${part}`)),
      part,
    );
  assert.ok(
    kept.some((i) => i.endsWith('compat/src/forwardRef.js')),
    "forwardRef's options hook stays",
  );
});

test.run();
