/**
 * Holds every theme × mode to WCAG AA (docs/themes-and-locales.md): src/theme/themes.css (blue, in the first load)
 * followed by src/theme/themes/<name>.css (each appended to the document when a portal picks it, so
 * later in the cascade). The test reads the real stylesheets and replays the cascade on `<body>`
 * (specificity, then source order, `:root` inherited underneath, `var()` references resolved
 * last), so what is checked is what ships.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { THEME_NAMES } from '../../src/protocol/messages.ts';

const THEMES_DIR = new URL('../../src/theme/themes/', import.meta.url);
const CSS = [
  readFileSync(new URL('../../src/theme/themes.css', import.meta.url), 'utf8'),
  ...readdirSync(THEMES_DIR)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .map((f) => readFileSync(new URL(f, THEMES_DIR), 'utf8')),
].join('\n');

/** The variables the app's CSS reads; each theme × mode must resolve all of them. */
const VARS = [
  'bg',
  'surface',
  'surface-2',
  'text',
  'text-muted',
  'border',
  'primary',
  'on-primary',
  'link',
  'focus',
  'danger',
] as const;
type Var = (typeof VARS)[number];

/** One selector of a list; `spec` is its specificity as classes × 10 + a `body` type selector. */
type Selector = { text: string; root: boolean; classes: string[]; spec: number };
type Rule = { selectors: Selector[]; decls: Map<string, string>; order: number };

/** Parses the flat stylesheet: selector lists of `:root`, `body`, `.a`, `body.a.b`; `--x: #hex | var(--y)`. */
function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const body = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const re = /([^{}]+)\{([^{}]*)\}/g;
  let rest = body;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    rest = rest.replace(m[0], '');
    const selectors = (m[1] ?? '').split(',').map((raw): Selector => {
      const s = raw.trim();
      if (s === ':root') return { text: s, root: true, classes: [], spec: 0 };
      const sm = /^(body)?((?:\.[a-z0-9-]+)*)$/.exec(s);
      if (!sm || !s) throw new Error(`unexpected selector in themes.css: "${s}"`);
      const classes = (sm[2] ?? '').split('.').filter(Boolean);
      return { text: s, root: false, classes, spec: classes.length * 10 + (sm[1] ? 1 : 0) };
    });
    const decls = new Map<string, string>();
    for (const d of (m[2] ?? '').split(';')) {
      if (!d.trim()) continue;
      const dm = /^\s*--([a-z0-9-]+)\s*:\s*(#[0-9a-f]{6}|var\(--[a-z0-9-]+\))\s*$/i.exec(d);
      if (!dm) throw new Error(`unexpected declaration in themes.css: "${d.trim()}"`);
      decls.set(dm[1] ?? '', (dm[2] ?? '').toLowerCase());
    }
    rules.push({ selectors, decls, order: rules.length });
  }
  if (rest.trim()) throw new Error(`unparsed text in themes.css: "${rest.trim().slice(0, 80)}"`);
  return rules;
}

const RULES = parseRules(CSS);

/** Replays the cascade for `<body class="…">` and returns each variable's final hex colour. */
function resolve(bodyClasses: string[]): Record<Var, string> {
  const raw = new Map<string, string>();
  for (const r of RULES) if (r.selectors.some((s) => s.root)) for (const [k, v] of r.decls) raw.set(k, v);
  const matching: { spec: number; order: number; rule: Rule }[] = [];
  for (const rule of RULES) {
    let spec = -1;
    for (const s of rule.selectors) {
      if (!s.root && s.classes.every((c) => bodyClasses.includes(c))) spec = Math.max(spec, s.spec);
    }
    if (spec >= 0) matching.push({ spec, order: rule.order, rule });
  }
  matching.sort((a, b) => a.spec - b.spec || a.order - b.order);
  for (const { rule } of matching) for (const [k, v] of rule.decls) raw.set(k, v);
  const out = {} as Record<Var, string>;
  for (const name of VARS) {
    let value = raw.get(name);
    for (let hops = 0; value?.startsWith('var('); hops++) {
      if (hops > 5) throw new Error(`var() cycle at --${name}`);
      value = raw.get(value.slice(6, -1));
    }
    if (!value) throw new Error(`--${name} unresolved for body.${bodyClasses.join('.')}`);
    out[name] = value;
  }
  return out;
}

/** WCAG 2.x relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1–21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const COMBOS = THEME_NAMES.flatMap((name) =>
  [false, true].map((dark) => {
    const classes = dark ? [`theme-${name}`, 'dark-mode'] : [`theme-${name}`];
    return { label: `${name}${dark ? ' dark' : ''}`, colours: resolve(classes) };
  }),
);

/** [foreground, background, minimum]: text 4.5:1, UI components and focus 3:1 (WCAG 1.4.3, 1.4.11). */
const PAIRS: [Var, Var, number][] = [
  ['text', 'bg', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surface-2', 4.5],
  ['text-muted', 'bg', 4.5],
  ['text-muted', 'surface', 4.5],
  ['text-muted', 'surface-2', 4.5],
  ['link', 'bg', 4.5],
  ['link', 'surface', 4.5],
  ['danger', 'bg', 4.5],
  ['danger', 'surface', 4.5],
  ['on-primary', 'primary', 4.5],
  ['border', 'bg', 3],
  ['border', 'surface', 3],
  ['focus', 'bg', 3],
  ['focus', 'surface', 3],
  ['primary', 'bg', 3],
  ['primary', 'surface', 3],
];

test('the theme stylesheets have a rule for each of the 16 themes and no other theme class', () => {
  const classes = new Set(RULES.flatMap((r) => r.selectors.flatMap((s) => s.classes)));
  const missing = THEME_NAMES.filter((n) => !classes.has(`theme-${n}`));
  assert.equal(missing, [], `themes without a rule: ${missing.join(', ')}`);
  const known = new Set<string>([...THEME_NAMES.map((n) => `theme-${n}`), 'dark-mode']);
  const extra = [...classes].filter((c) => !known.has(c));
  assert.equal(extra, [], `unknown classes in themes.css: ${extra.join(', ')}`);
});

test('the defaults on :root and body are the blue theme', () => {
  const base = RULES[0];
  assert.ok(base, 'themes.css is empty');
  const sel = base.selectors.map((s) => s.text.replace(/^body\./, '.'));
  assert.equal(sel.sort(), [':root', 'body', '.theme-blue'].sort());
  for (const v of VARS) assert.ok(base.decls.has(v), `the default rule misses --${v}`);
});

test('light and dark mode differ for light themes; the dark-mode theme is dark either way', () => {
  const dark = COMBOS.find((c) => c.label === 'dark-mode');
  assert.ok(dark && luminance(dark.colours.bg) < 0.05, 'theme-dark-mode must be dark without .dark-mode');
  for (const c of COMBOS.filter((x) => x.label.endsWith(' dark'))) {
    assert.ok(luminance(c.colours.bg) < 0.05, `${c.label}: --bg ${c.colours.bg} is not dark`);
  }
});

for (const [fg, bg, min] of PAIRS) {
  test(`--${fg} on --${bg} ≥ ${min}:1 in all 32 theme × mode combinations`, () => {
    const rows = COMBOS.map((c) => ({ label: c.label, ratio: contrast(c.colours[fg], c.colours[bg]), c }));
    rows.sort((a, b) => a.ratio - b.ratio);
    const worst = rows[0];
    assert.ok(worst, 'no combinations');
    const failing = rows
      .filter((r) => r.ratio < min)
      .map((r) => `${r.label} (${r.c.colours[fg]} on ${r.c.colours[bg]}: ${r.ratio.toFixed(2)})`);
    assert.ok(
      failing.length === 0,
      `--${fg} on --${bg}: worst ${worst.ratio.toFixed(2)}:1 (${worst.label}); below ${min}:1: ${failing.join('; ')}`,
    );
  });
}

test.run();
