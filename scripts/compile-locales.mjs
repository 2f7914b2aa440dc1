// Locale compilation for build.mjs: ICU messages → precompiled ASTs, so no ICU parser ships.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';

/** An 8-character content hash, in the style of esbuild's file names. */
export const hash8 = (data) =>
  createHash('sha256').update(data).digest('base64url').replace(/[-_]/g, 'x').slice(0, 8).toUpperCase();

/**
 * English ships inside the first-load bundle, and keys are the English text: a message equal to
 * its key renders the same through the "missing key shows the key" rule — with `{name}`
 * placeholders filled in (src/i18n/i18n-model.ts) — so only the messages that differ from their
 * key (plurals, mostly) are kept.
 */
function trimEnglish(compiled, source) {
  const kept = {};
  for (const [key, ast] of Object.entries(compiled)) {
    const simple = ast.every((el) => el.type === 0 || el.type === 1);
    if (!(simple && source[key] === key && !/['{}]{2}|'/.test(key))) kept[key] = ast;
  }
  return kept;
}

/** Precompiles every locales/*.json (ICU → AST) so no parser ships; writes non-English as hashed JSON. */
export function compileLocales(dir, out, base) {
  const urls = {};
  let english = null;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const locale = basename(file, '.json');
    const source = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const compiled = {};
    for (const [key, message] of Object.entries(source)) {
      try {
        compiled[key] = parseIcu(message);
      } catch (error) {
        throw new Error(`locales/${file}: message "${key}" does not parse: ${error.message}`);
      }
    }
    const json = JSON.stringify(compiled);
    if (locale === 'en') english = trimEnglish(compiled, source);
    else {
      const name = `${locale}-${hash8(json)}.json`;
      mkdirSync(join(out, 'locales'), { recursive: true });
      writeFileSync(join(out, 'locales', name), json);
      urls[locale] = `${base}locales/${name}`;
    }
  }
  if (!english) throw new Error('locales/en.json is missing');
  return { english, urls };
}
