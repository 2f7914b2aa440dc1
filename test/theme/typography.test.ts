/**
 * Keeps src/theme/typography.css in step with the wire contract: every font class and font size a
 * portal may send (FONT_CLASSES, FONT_SIZES) must have a rule, or the learner silently gets defaults.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FONT_CLASSES, FONT_SIZES } from '../../src/protocol/messages.ts';

const CSS = readFileSync(new URL('../../src/theme/typography.css', import.meta.url), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** Each rule as its list of selectors and its declaration block. */
const RULES = [...CSS.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
  selectors: (m[1] ?? '').split(',').map((s) => s.trim()),
  body: m[2] ?? '',
}));

/** The value a rule whose selectors include `selector` gives to `prop`, if any. */
function valueFor(selector: string, prop: string): string | undefined {
  for (const r of RULES) {
    if (!r.selectors.includes(selector)) continue;
    const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`).exec(r.body);
    if (m) return m[1]?.trim();
  }
  return undefined;
}

/** A `--font-size` in rem or px, converted to px at the 16px browser default. */
function px(value: string | undefined): number {
  const m = /^([\d.]+)(rem|px)$/.exec(value ?? '');
  assert.ok(m, `not a rem/px size: ${value}`);
  return Number(m[1]) * (m[2] === 'rem' ? 16 : 1);
}

test('every FONT_CLASSES member sets --font-family', () => {
  for (const c of FONT_CLASSES) assert.ok(valueFor(`body.${c}`, '--font-family'), `no rule for body.${c}`);
});

test('every FONT_SIZES member sets --font-size, growing from x-small to x-large, medium = 16px', () => {
  const sizes = FONT_SIZES.map((s) => px(valueFor(`body.font-size-${s}`, '--font-size')));
  for (let i = 1; i < sizes.length; i++) assert.ok((sizes[i] ?? 0) > (sizes[i - 1] ?? 0), `sizes: ${sizes}`);
  assert.is(px(valueFor('body.font-size-medium', '--font-size')), 16);
});

test('defaults: custom-typography and medium on :root and body', () => {
  assert.is(valueFor(':root', '--font-family'), valueFor('body.custom-typography', '--font-family'));
  assert.is(valueFor('body', '--font-size'), valueFor('body.font-size-medium', '--font-size'));
});

test('body uses the variables in its font shorthand', () => {
  assert.is(valueFor('body', 'font')?.replace(/\s*\/\s*/, '/'), 'var(--font-size)/1.5 var(--font-family)');
});

test('no typography or font-size classes beyond the wire contract', () => {
  const known = new Set<string>([...FONT_CLASSES, ...FONT_SIZES.map((s) => `font-size-${s}`)]);
  const used = RULES.flatMap((r) => r.selectors.flatMap((s) => s.match(/\.[a-z0-9-]+/g) ?? [])).map((c) =>
    c.slice(1),
  );
  const extra = used.filter((c) => !known.has(c));
  assert.equal(extra, [], `unknown classes: ${extra.join(', ')}`);
});

test.run();
