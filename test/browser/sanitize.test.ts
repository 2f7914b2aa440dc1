/**
 * The sanitiser (src/format/sanitize-html.ts, assembled as in production by sanitizer-chunk.ts) in
 * Chromium and Firefox (each parses and serialises in its own way): DOMPurify needs a real browser
 * DOM (under linkedom it reports itself unsupported), and mutation XSS depends on the browser's own parser. The modules are bundled with esbuild into a
 * page on a made-up origin; every XSS vector must come out with only the allowed tags and
 * attributes, no dangerous URL, identical when sanitised again, and inert when rendered into the
 * live page (no CSP there, so anything left would run).
 */
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UPLOAD_URL, XSS_VECTORS } from '../fixtures/xss-vectors.ts';
import { ENGINE, launchBrowser } from './support/engine.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ORIGIN = 'http://app.test';

/** What the bundle puts on `window.lab`. */
type Sanitize = ((html: string, shape?: 'store' | 'card') => string) & {
  droppedImages(html: string): string[];
  keepUpload(url: string): void;
};
type Lab = {
  /** The production sanitiser (sanitizerFor) for an API base and image origins. */
  make(apiBase?: string, imageOrigins?: string[]): Sanitize;
  /** createSanitizer over the page's DOMPurify, with a given image test. */
  raw(keepImage: (url: URL) => boolean): Sanitize;
  /** DOMPurify's shared default instance. */
  purify(html: string): string;
};
type LabWindow = Window & { lab: Lab; __xss(id: number): void; __calls: number[] };

/** An element of a sanitised output: tag and attributes. */
type Shape = { tag: string; attrs: [string, string][] };

const ENTRY = `
import DOMPurify from 'dompurify';
import { sanitizerFor } from './src/format/sanitizer-chunk.ts';
import { createSanitizer } from './src/format/sanitize-html.ts';
window.lab = {
  make: (apiBase = '/api/v1', imageOrigins = []) => sanitizerFor({ apiBase }, document, imageOrigins),
  raw: (keepImage) => createSanitizer(DOMPurify, { base: document.baseURI, keepImage }),
  purify: (html) => DOMPurify.sanitize(html),
};
window.__calls = [];
window.__xss = (id) => window.__calls.push(id);
`;

/** Tags and attributes a sanitised note may hold (rel and target only as the sanitiser sets them). */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  li: ['data-list', 'class'],
  div: ['class'],
  span: ['class'],
};
for (const tag of 'p br strong b em i u s ol ul blockquote pre code h1 h2 h3'.split(' ')) ALLOWED[tag] = [];

const test = suite<{ browser: Browser; page: Page; bundle: string }>(`sanitize-html (${ENGINE})`);

test.before(async (ctx) => {
  const built = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'warning',
  });
  ctx.bundle = built.outputFiles[0]?.text ?? '';
  ctx.browser = await launchBrowser();
});
test.after(async (ctx) => {
  await ctx.browser.close();
});
test.before.each(async (ctx) => {
  ctx.page = await ctx.browser.newPage();
  await ctx.page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') {
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>lab</title><div id=out></div>',
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await ctx.page.goto(`${ORIGIN}/`);
  await ctx.page.addScriptTag({ content: ctx.bundle });
});
test.after.each(async (ctx) => {
  await ctx.page.close();
});

/** Sanitises every input in the page (production sanitiser), twice, and reads the result's shape. */
const sanitiseAll = (page: Page, inputs: string[], apiBase = '/api/v1') =>
  page.evaluate(
    ([htmls, api]) => {
      const sanitize = (window as unknown as LabWindow).lab.make(api);
      return htmls.map((html) => {
        const out = sanitize(html);
        const template = document.createElement('template');
        template.innerHTML = out;
        const shapes = [...template.content.querySelectorAll('*')].map((el) => ({
          tag: el.localName,
          attrs: [...el.attributes].map((a) => [a.name, a.value] as [string, string]),
        }));
        return { out, again: sanitize(out), shapes };
      });
    },
    [inputs, apiBase] as const,
  );

/** What is wrong with one output's elements, as readable lines. */
function problems(shapes: Shape[]): string[] {
  const found: string[] = [];
  for (const { tag, attrs } of shapes) {
    if (!ALLOWED[tag]) found.push(`element <${tag}>`);
    for (const [name, value] of attrs) {
      if (/^on/i.test(name)) found.push(`handler ${name} on <${tag}>`);
      if (!ALLOWED[tag]?.includes(name)) found.push(`attribute ${name} on <${tag}>`);
      if (/^\s*(?:javascript|data|vbscript):/i.test(value)) found.push(`${name}="${value}" on <${tag}>`);
    }
    if (tag === 'a') {
      const map = new Map(attrs);
      if (!/^(?:https?|mailto):/.test(map.get('href') ?? '')) found.push(`link href ${map.get('href')}`);
      if (map.get('rel') !== 'noopener noreferrer') found.push(`link rel ${map.get('rel')}`);
      if (map.get('target') !== '_blank') found.push(`link target ${map.get('target')}`);
    }
    if (tag === 'span' && attrs.some(([name, value]) => name === 'class' && value !== 'cloze'))
      found.push(`span class ${attrs.map(([, v]) => v).join(' ')}`);
    if (tag === 'img') {
      const src = new URL(new Map(attrs).get('src') ?? '', `${ORIGIN}/`);
      if (src.origin !== ORIGIN) found.push(`image ${src.href}`);
    }
  }
  return found;
}

test(`${XSS_VECTORS.length} XSS vectors: only allowed tags and attributes, no dangerous URL, idempotent`, async ({
  page,
}) => {
  assert.ok(XSS_VECTORS.length >= 60, 'at least 60 vectors');
  const results = await sanitiseAll(
    page,
    XSS_VECTORS.map((v) => v.html),
  );
  const failures: string[] = [];
  XSS_VECTORS.forEach((vector, i) => {
    const result = results[i];
    if (!result) return;
    const found = problems(result.shapes);
    if (/<script|<iframe|<svg|<math|<style|<form|<object|<embed/i.test(result.out)) found.push('markup left');
    if (result.again !== result.out) found.push(`not idempotent: ${result.out} → ${result.again}`);
    if (found.length) failures.push(`#${vector.id} ${vector.name}: ${found.join('; ')}\n  ${result.out}`);
  });
  assert.equal(failures, [], failures.join('\n'));
});

/**
 * Renders each HTML string into its own element of the live page (no CSP; one vector's unclosed
 * markup can't swallow the next), pokes every element (hover, pointer, focus, and clicks unless
 * told not to), waits for late events (image errors, frames), and returns the ids `__xss` got.
 */
const renderAndPoke = (page: Page, htmls: string[], poke: 'click' | 'no click') =>
  page.evaluate(
    async ([markups, poke]) => {
      const w = window as unknown as LabWindow;
      const out = document.getElementById('out') as HTMLElement;
      for (const markup of markups) {
        const box = document.createElement('div');
        box.innerHTML = markup;
        out.append(box);
      }
      for (const el of out.querySelectorAll<HTMLElement>('*')) {
        for (const type of ['mouseover', 'pointerenter', 'pointerdown', 'focus', 'animationstart']) {
          el.dispatchEvent(new Event(type));
        }
        if (poke === 'click' && el.localName !== 'a') {
          el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        }
        el.focus?.();
      }
      await new Promise((r) => setTimeout(r, 1500));
      return [...new Set(w.__calls)].sort((a, b) => a - b);
    },
    [htmls, poke] as const,
  );

test('every vector, sanitised and rendered into a page without CSP, runs nothing', async ({ page }) => {
  const outputs = await sanitiseAll(
    page,
    XSS_VECTORS.map((v) => v.html),
  );
  const calls = await renderAndPoke(
    page,
    outputs.map((o) => o.out),
    'click',
  );
  assert.equal(calls, [], `vectors that ran: ${calls.join(', ')}`);
});

test('control: the same vectors unsanitised do run (the __xss detector works)', async ({ page }) => {
  // Leave out what would navigate the page away (meta refresh, base; no clicks on forms' buttons),
  // and the clobbering vectors: a named <img>/<form> shadows `__xss` for every inline handler.
  const live = XSS_VECTORS.filter((v) => !/<meta|<base|clobbering/.test(v.html + v.name));
  const calls = await renderAndPoke(
    page,
    live.map((v) => v.html),
    'no click',
  );
  assert.ok(calls.length >= 50, `only ${calls.length} unsanitised vectors ran: ${calls.join(', ')}`);
});

test('what the editor writes round-trips: Quill semantic HTML unchanged', async ({ page }) => {
  const semantic = [
    '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <b>b</b> <i>i</i> <code>c</code></p>',
    '<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol>',
    '<ul><li>bullet</li></ul>',
    '<blockquote>quote</blockquote>',
    '<pre>\nconst a = 1;\n  indented &lt;b&gt;\n</pre>',
    '<h1>H1</h1><h2>H2</h2><h3>H3</h3>',
    `<p><img src="${UPLOAD_URL}" alt="chart"></p>`,
    '<p><a href="https://example.com/docs?q=1#top" rel="noopener noreferrer" target="_blank">docs</a></p>',
    '<p>line<br>break</p><p><br></p>',
    '<p>non&nbsp;breaking&nbsp;spaces <span>span</span></p>',
  ];
  const results = await sanitiseAll(page, semantic);
  for (const [i, html] of semantic.entries()) assert.is(results[i]?.out, html);
});

test('hidden words: a span keeps exactly class="cloze", nothing else; lookalikes and other elements lose it', async ({
  page,
}) => {
  const inputs = [
    '<p>The <span class="cloze">mitochondria</span> makes <span class="cloze"><strong>ATP</strong></span></p>',
    '<p><span class="cloze x onload" onload="__xss(1)" id="c" style="color:red" data-x="1" title="t">a</span></p>',
    '<p><span class="  cloze  cloze ">b</span><span class="clozed">c</span><span class="not-cloze">d</span><span class="ql-indent-1">e</span></p>',
    '<p class="cloze">f</p><div class="cloze">g</div><strong class="cloze">h</strong><li class="cloze">i</li><a class="cloze" href="https://example.org/">j</a>',
    '<span CLASS="CLOZE">k</span><span class=cloze>l</span>',
  ];
  const results = await sanitiseAll(page, inputs);
  assert.equal(
    results.map((r) => r.out),
    [
      inputs[0],
      '<p><span class="cloze">a</span></p>',
      '<p><span class="cloze">b</span><span>c</span><span>d</span><span>e</span></p>',
      '<p>f</p><div>g</div><strong>h</strong><li>i</li><a href="https://example.org/" rel="noopener noreferrer" target="_blank">j</a>',
      '<span>k</span><span class="cloze">l</span>',
    ],
  );
  for (const r of results) assert.is(r.again, r.out, 'sanitising twice is sanitising once');
  const card = await page.evaluate(
    (html) => (window as unknown as LabWindow).lab.make()(html, 'card'),
    inputs[0] ?? '',
  );
  assert.is(card, inputs[0], 'a card keeps them too');
});

test("Quill's internal HTML keeps lists and code blocks, loses its UI bits", async ({ page }) => {
  const [list, code] = await sanitiseAll(page, [
    '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>a</li><li data-list="ordered" class="ql-indent-1 evil">b</li><li data-list="checked">c</li></ol>',
    '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">x = 1</div></div>',
  ]);
  assert.is(
    list?.out,
    '<ol><li data-list="bullet"><span></span>a</li><li data-list="ordered" class="ql-indent-1">b</li><li>c</li></ol>',
  );
  assert.is(code?.out, '<div class="ql-code-block-container"><div class="ql-code-block">x = 1</div></div>');
});

test('links: http(s) and mailto kept (relative ones resolved), with rel and target; others unwrapped', async ({
  page,
}) => {
  const results = await sanitiseAll(page, [
    '<a href="https://example.com/" rel="opener" target="_self" title="t">a</a>',
    '<a href="/view?x=1">b</a>',
    '<a href="mailto:someone@example.com">c</a>',
    '<a href="ftp://example.com/">d</a><a href="tel:123">e</a><a>f</a><a href="javascript:void(0)"><strong>g</strong></a>',
  ]);
  const link = (href: string, text: string) =>
    `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`;
  assert.equal(
    results.map((r) => r.out),
    [
      link('https://example.com/', 'a'),
      link(`${ORIGIN}/view?x=1`, 'b'),
      link('mailto:someone@example.com', 'c'),
      'defg'.replace('g', '<strong>g</strong>'),
    ],
  );
});

test("images: any path on the API's origin or a configured image origin; nothing else", async ({ page }) => {
  const name = '0123456789abcdef0123456789abcdef.png';
  const kept = [
    UPLOAD_URL,
    `${ORIGIN}/api/v1/files/${name}`,
    `/api/v1/files/${name}?v=2`,
    `/api/v1/files/a/${name}`,
    `/media/uploads/${name}`,
  ];
  const dropped = [
    `https://evil.example/api/v1/files/${name}`,
    `//evil.example/api/v1/files/${name}`,
    `https://app.test/api/v1/files/${name}`,
    `http://user:pw@app.test/api/v1/files/${name}`,
    `https://cdn.example.org.evil.example/${name}`,
    'data:image/png;base64,iVBORw0KGgo=',
    `javascript:alert(1)//api/v1/files/${name}`,
    '',
  ];
  const results = await sanitiseAll(
    page,
    [...kept, ...dropped].map((src) => `<p>x<img src="${src}" alt="a"></p>`),
  );
  for (const [i, src] of kept.entries())
    assert.is(results[i]?.out, `<p>x<img src="${src}" alt="a"></p>`, src);
  for (const [i, src] of dropped.entries()) assert.is(results[kept.length + i]?.out, '<p>x</p>', src);

  const [absolute, relative] = await sanitiseAll(
    page,
    [`<img src="https://api.example.com/elsewhere/${name}">`, `<img src="${UPLOAD_URL}">`],
    'https://api.example.com/v2',
  );
  assert.is(
    absolute?.out,
    `<img src="https://api.example.com/elsewhere/${name}">`,
    'an https apiBase: its origin',
  );
  assert.is(relative?.out, '', "an https apiBase: the app's own origin is not the API's");

  const cdn = await page.evaluate((n) => {
    const sanitize = (window as unknown as LabWindow).lab.make('/api/v1', ['https://cdn.example.org']);
    return [`https://cdn.example.org/u/${n}`, `https://img.example.net/${n}`].map((src) =>
      sanitize(`<img src="${src}">`),
    );
  }, name);
  assert.equal(cdn, [`<img src="https://cdn.example.org/u/${name}">`, '']);
});

test("an upload's returned address is kept in this page whatever its origin; droppedImages names the rest", async ({
  page,
}) => {
  const result = await page.evaluate(() => {
    const sanitize = (window as unknown as LabWindow).lab.make();
    const html =
      '<p>a<img src="https://img.example.net/1.png"><img src="/api/v1/files/2.png"><img src="https://img.example.net/3.png"><img src="data:image/png;base64,AAAA"></p>';
    const before = { out: sanitize(html), dropped: sanitize.droppedImages(html) };
    sanitize.keepUpload('https://img.example.net/1.png');
    sanitize.keepUpload('data:image/png;base64,AAAA'); // never kept, whatever an upload answered
    return {
      before,
      after: { out: sanitize(html), dropped: sanitize.droppedImages(html) },
      other: (window as unknown as LabWindow).lab.make()(html),
    };
  });
  assert.is(result.before.out, '<p>a<img src="/api/v1/files/2.png"></p>');
  assert.equal(result.before.dropped, ['https://img.example.net/1.png', 'https://img.example.net/3.png']);
  assert.is(
    result.after.out,
    '<p>a<img src="https://img.example.net/1.png"><img src="/api/v1/files/2.png"></p>',
    'the memoised output was forgotten',
  );
  assert.equal(
    result.after.dropped,
    ['https://img.example.net/3.png'],
    'data: is not an image the learner sees',
  );
  assert.is(result.other, '<p>a<img src="/api/v1/files/2.png"></p>', 'another sanitiser never heard of it');
});

test('plain text, entities and empty input; sanitising twice is sanitising once', async ({ page }) => {
  const results = await sanitiseAll(page, ['', 'a & b < c', 'x &lt;script&gt; y', '<p>ü &amp; ✓</p>']);
  assert.equal(
    results.map((r) => r.out),
    ['', 'a &amp; b &lt; c', 'x &lt;script&gt; y', '<p>ü &amp; ✓</p>'],
  );
  for (const r of results) assert.is(r.again, r.out);
});

test('private DOMPurify instances: no hook or setting leaks into the shared one or another sanitiser', async ({
  page,
}) => {
  const result = await page.evaluate(() => {
    const { lab } = window as unknown as LabWindow;
    const strict = lab.raw(() => false);
    const lenient = lab.raw(() => true);
    const html = '<p title="t"><a href="https://example.com/">a</a><img src="https://cdn.example/x.png"></p>';
    return {
      strict: strict(html),
      lenient: lenient(html),
      shared: lab.purify(html),
      again: strict(html),
      styles: document.querySelectorAll('style').length,
    };
  });
  const link = '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">a</a>';
  assert.is(result.strict, `<p>${link}</p>`);
  assert.is(result.lenient, `<p>${link}<img src="https://cdn.example/x.png"></p>`);
  assert.is(result.again, result.strict);
  assert.is(
    result.shared,
    '<p title="t"><a href="https://example.com/">a</a><img src="https://cdn.example/x.png"></p>',
    "DOMPurify's default instance keeps its own defaults",
  );
});

test('the production assembly adds the rich-body stylesheet once per sanitiser', async ({ page }) => {
  const styles = await page.evaluate(() => {
    const { lab } = window as unknown as LabWindow;
    lab.make()('<p>a</p>');
    return [...document.querySelectorAll('style')].map((s) => s.textContent ?? '');
  });
  assert.is(styles.length, 1);
  assert.match(styles[0] ?? '', '.note-rich img{max-inline-size:100%');
});

test("a card's shape: headings become p.note-h1…3 on the DOM; an h1 inside an alt stays text; memoised apart", async ({
  page,
}) => {
  const crafted = `<img src="${UPLOAD_URL}" alt='<h1 "><base href=https://evil.example/><form action=https://evil.example/>'>`;
  const result = await page.evaluate(
    ([html]) => {
      const sanitize = (window as unknown as LabWindow).lab.make();
      const headings = '<h1>One <em>a</em></h1><h2>Two</h2><h3>Three</h3><p>text</p>';
      const out = document.getElementById('out') as HTMLElement;
      out.innerHTML = sanitize(html, 'card');
      return {
        card: sanitize(headings, 'card'),
        stored: sanitize(headings),
        again: sanitize(headings, 'card'),
        rendered: [...out.querySelectorAll('*')].map((el) => el.localName),
        alt: out.querySelector('img')?.getAttribute('alt'),
      };
    },
    [crafted] as const,
  );
  const card =
    '<p class="note-h1">One <em>a</em></p><p class="note-h2">Two</p><p class="note-h3">Three</p><p>text</p>';
  assert.is(result.card, card);
  assert.is(result.again, card);
  assert.is(
    result.stored,
    '<h1>One <em>a</em></h1><h2>Two</h2><h3>Three</h3><p>text</p>',
    'stored HTML keeps its headings',
  );
  assert.equal(result.rendered, ['img'], 'no <base>, no <form>');
  assert.is(result.alt, '<h1 "><base href=https://evil.example/><form action=https://evil.example/>');
});

test.run();
