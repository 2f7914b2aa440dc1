import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHtmlToMarkdown } from '../../src/format/html-to-markdown.ts';
import { readMarkdown } from '../support/markdown-raw-html.ts';

// Under Node turndown parses with its own DOM (domino): inert like the browser's DOMParser.
const md = createHtmlToMarkdown();

/** True when some `<` in the output is not escaped, i.e. could start HTML or an autolink. */
const rawAngle = (text: string) => /(^|[^\\])</.test(text);

test('bold, italics and line breaks', () => {
  assert.is(
    md('<p><strong>bold</strong> and <em>italic</em>, <b>b</b> <i>i</i></p>'),
    '**bold** and _italic_, **b** _i_',
  );
  assert.is(md('<p>one<br>two</p><p>three</p>'), 'one  \ntwo\n\nthree');
});

test('lists, nested too', () => {
  assert.is(md('<ul><li>one</li><li>two</li></ul>'), '-   one\n-   two');
  assert.is(md('<ol><li>first</li><li>second</li></ol>'), '1.  first\n2.  second');
  assert.ok(md('<ul><li>a<ul><li>b</li></ul></li></ul>').includes('    -   b'));
});

test('links keep their text and a safe address', () => {
  assert.is(md('<p><a href="https://example.org/x">a link</a></p>'), '[a link](https://example.org/x)');
  assert.is(md('<a href="mailto:me@example.org">mail</a>'), '[mail](mailto:me@example.org)');
});

test('headings move below the export’s own ### (h1 → ####), capped at ######', () => {
  assert.is(md('<h1>Top</h1><h2>Sub</h2><h4>Deep</h4>'), '#### Top\n\n##### Sub\n\n###### Deep');
  assert.is(createHtmlToMarkdown(0)('<h2>Kept</h2>'), '## Kept');
});

test('plain text that looks like Markdown stays text', () => {
  assert.is(md('<p>2 * 3 = 6 and [x]</p>'), '2 \\* 3 = 6 and \\[x\\]');
  assert.is(md(''), '');
});

test('hostile HTML: nothing runs, no script, handler, HTML or dangerous link reaches the output', () => {
  const g = globalThis as Record<string, unknown>;
  const out = md(
    [
      '<img src="x" onerror="globalThis.__pwned = 1">',
      '<script>globalThis.__pwned = 2; document.title = "x"</script>',
      '<style>body{display:none}</style>',
      '<iframe src="https://evil.example/"></iframe>',
      '<svg onload="globalThis.__pwned = 3"><text>svg</text></svg>',
      '<p><a href="javascript:alert(1)">click</a> <a href="JAVA&#x09;SCRIPT:alert(2)">two</a></p>',
      '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a></p>',
      '<p><img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" alt="pic"></p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;javascript:alert(1)&gt; &lt;img src=x onerror=alert(1)&gt;</p>',
      '<p><a href="https://ok.example/" onclick="alert(1)">ok</a></p>',
    ].join(''),
  );
  assert.is(g.__pwned, undefined, 'no script ran');
  assert.not.ok(/\(javascript:|data:|iframe|evil|display:none|__pwned|onload/i.test(out), out);
  assert.not.ok(/\]\((?!https:\/\/ok\.example\/\))/.test(out), `only the safe link remains a link: ${out}`);
  assert.not.ok(rawAngle(out), `no unescaped "<": ${out}`);
  assert.ok(out.includes('click') && out.includes('two') && out.includes('data') && out.includes('pic'));
  assert.ok(out.includes('[ok](https://ok.example/)'));
  assert.ok(out.includes('\\<script>alert(1)\\</script>'), 'typed markup stays visible text');
});

test('images: http(s) kept with escaped alt text, others reduced to their alt text', () => {
  assert.is(
    md('<img src="https://example.org/i.png" alt="a [b]">'),
    '![a \\[b\\]](https://example.org/i.png)',
  );
  assert.is(md('<p>see <img src="/local.png" alt="local"></p>'), 'see local');
});

test('a code-fence language only when it is a plain word: a backtick in the class cannot break the fence', () => {
  const hostile = '<pre><code class="language-a`b">&lt;img src=x onerror=alert(1)&gt;</code></pre>';
  const out = md(hostile);
  assert.equal(readMarkdown(out).rawHtml, [], `no raw HTML: ${out}`);
  assert.is(out, '```\n<img src=x onerror=alert(1)>\n```', 'kept as code, without the language');
  assert.is(md('<pre><code class="language-c++">x++</code></pre>'), '```c++\nx++\n```');
  assert.is(md('<pre><code class="language-ts_x-1">a</code></pre>'), '```ts_x-1\na\n```');
});

test('a fence longer than any backtick run that could close it, indented up to 3 spaces too', () => {
  const out = md('<pre><code>a\n   ````\n&lt;img src=x onerror=alert(1)&gt;</code></pre>');
  assert.equal(readMarkdown(out).rawHtml, [], out);
  assert.ok(out.startsWith('`````\n'), out);
});

test('link addresses: spaces, < and > are encoded, so the link holds and no HTML appears', () => {
  const out = md(
    '<p><a href="mailto:a <img src=x onerror=alert(1)>@x.org">mail</a> <a href="mailto:a b@x.org">two</a></p>',
  );
  const read = readMarkdown(out);
  assert.equal(read.rawHtml, [], out);
  assert.equal(read.destinations, [
    'mailto:a%20%3Cimg%20src=x%20onerror=alert%281%29%3E@x.org',
    'mailto:a%20b@x.org',
  ]);
});

test('words hidden in review become {{…}}, with their own formatting inside; lookalikes stay text', () => {
  assert.is(
    md(
      '<p>The <span class="cloze">mitochondria</span> makes <span class="cloze"><strong>ATP</strong> fast</span>.</p>',
    ),
    'The {{mitochondria}} makes {{**ATP** fast}}.',
  );
  assert.is(
    md('<p>a<span class="cloze"> spaced </span>b</p>'),
    'a {{spaced}} b',
    'spaces stay outside the braces',
  );
  assert.is(md('<p><span class="clozed">x</span> <span>y</span> <span class="cloze"></span>z</p>'), 'x y z');
  assert.is(md('<ul><li><span class="cloze">one</span></li></ul>'), '-   {{one}}');
});

test.run();
