#!/usr/bin/env node
// Run by `postinstall` (so `npm ci` on a fresh clone applies it): makes playwright-core tolerate
// Firefox ESR's answer "unknown command" to the WebDriver BiDi command
// `emulation.setMediaFeaturesOverride`. playwright-core's `moz-firefox` channel sends it from every
// `newContext()` and `emulateMedia()`; Debian's firefox-esr does not implement it yet, so without
// this no Firefox browser test could open a context. Only that one answer to that one command is
// swallowed (the colour scheme is then simply not emulated); every other error still throws.
//
// Each edit replaces one exact piece of playwright-core's bundle. Already patched → nothing to do.
// Neither the original nor the patched piece found (playwright-core changed) → exit 1 with what to
// update, so a broken patch can never pass silently. Why a script rather than patch-package:
// docs/decisions.md ("Firefox and WebKit in the tests").
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MARK = '/* notes: Firefox ESR has no emulation.setMediaFeaturesOverride */';
const TOLERATE = `.catch((e) => { ${MARK} if (!/\\bunknown command\\b/.test(String(e && e.message))) throw e; })`;

/** The two calls to wrap: a page's media (emulateMedia) and a context's default media (newContext). */
const EDITS = [
  [
    'await this._session.send("emulation.setMediaFeaturesOverride", {\n' +
      '          features: { "prefers-color-scheme": colorScheme },\n' +
      '          contexts: [this._session.sessionId, ...this._session._browsingContexts]\n' +
      '        })',
  ],
  [
    'await this._browser._browserSession.send("emulation.setMediaFeaturesOverride", {\n' +
      '          features: { "prefers-color-scheme": colorScheme },\n' +
      '          userContexts: [this._userContextId()]\n' +
      '        })',
  ],
].map(([from]) => ({ from, to: `${from}${TOLERATE}` }));

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('playwright-core/package.json'));
const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const file = join(pkgDir, 'lib', 'coreBundle.js');
let source = readFileSync(file, 'utf8');
const count = (text) => source.split(text).length - 1;

let applied = 0;
for (const { from, to } of EDITS) {
  if (count(to) === 1) continue;
  if (count(from) !== 1) {
    console.error(
      `scripts/patch-playwright.mjs: playwright-core ${version} changed; this piece of ${file} is not there once:\n` +
        `${from}\n` +
        'Update EDITS in scripts/patch-playwright.mjs for this version (or drop the patch if Firefox now implements the command).',
    );
    process.exit(1);
  }
  source = source.replace(from, to);
  applied += 1;
}
if (applied) writeFileSync(file, source);
console.log(
  `playwright-core ${version}: BiDi emulation.setMediaFeaturesOverride tolerated (${applied ? `${applied} edits applied` : 'already patched'})`,
);
