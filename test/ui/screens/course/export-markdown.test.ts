import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHtmlToMarkdown } from '../../../../src/format/html-to-markdown.ts';
import type { MessageValues } from '../../../../src/i18n/i18n-model.ts';
import {
  courseMarkdown,
  exportFileName,
  markdownText,
} from '../../../../src/ui/screens/course/export-markdown.ts';
import { groupCourseNotes } from '../../../../src/ui/screens/course/group-notes.ts';
import { fakeNote } from '../../../fakes/fake-note.ts';
import { readMarkdown } from '../../../support/markdown-raw-html.ts';

/** English as the catalogue has it: `{name}` replaced by its value. */
const t = (key: string, values?: MessageValues) =>
  key.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));

const NOTES = [
  fakeNote({
    noteId: 'n1',
    moduleId: 'm2',
    moduleTitle: 'Module 2',
    refId: 'r1',
    refTitle: 'Intro video',
    content: '<p><strong>Key</strong> idea</p>',
    anchor: { kind: 'time', seconds: 192 },
    updatedOn: '2024-01-05T12:00:00.000Z',
    tags: [],
  }),
  fakeNote({
    noteId: 'n2',
    moduleId: 'm10',
    moduleTitle: 'Module 10',
    refId: 'r2',
    refTitle: 'Reading',
    content: '<ul><li>one</li><li>two</li></ul>',
    anchor: { kind: 'page', page: 4 },
    updatedOn: '2024-02-10T12:00:00.000Z',
    tags: [],
  }),
  fakeNote({
    noteId: 'n3',
    moduleId: null,
    moduleTitle: null,
    refId: 'r0',
    refTitle: 'Welcome',
    content: '<p>General</p>',
    anchor: null,
    updatedOn: '2024-03-15T12:00:00.000Z',
    tags: [],
  }),
];

const build = (toMarkdown = createHtmlToMarkdown(), locale = 'en', sanitize = (html: string) => html) =>
  courseMarkdown({
    title: 'Biology 101',
    groups: groupCourseNotes(NOTES, locale),
    sanitize,
    toMarkdown,
    t,
    locale,
    timeZone: 'UTC',
  });

test('# course, ## modules (course notes first), ### resources, then each note, its anchor and date', () => {
  assert.is(
    build(),
    `${[
      '# Biology 101',
      '## Course notes',
      '### Welcome',
      'General',
      '_March 15, 2024_',
      '## Module 2',
      '### Intro video',
      '**Key** idea',
      '_At 03:12 · January 5, 2024_',
      '## Module 10',
      '### Reading',
      '-   one\n-   two',
      '_p. 4 · February 10, 2024_',
    ].join('\n\n')}\n`,
  );
});

test('the converter gets each note’s stored HTML, sanitised first', () => {
  const seen: string[] = [];
  build(
    (html) => {
      seen.push(html);
      return 'x';
    },
    'en',
    (html) => `clean:${html}`,
  );
  assert.equal(seen, [
    'clean:<p>General</p>',
    'clean:<p><strong>Key</strong> idea</p>',
    'clean:<ul><li>one</li><li>two</li></ul>',
  ]);
});

test('dates in the learner’s locale', () => {
  const out = build(() => 'x', 'de');
  assert.ok(out.includes('_At 03:12 · 5. Januar 2024_'), out);
  assert.ok(out.includes('_15. März 2024_'), out);
});

test('a note’s tags follow it, each as escaped Markdown text; a note without tags has no tag line', () => {
  const out = courseMarkdown({
    title: 'Biology 101',
    groups: groupCourseNotes(
      [
        fakeNote({ noteId: 'x', content: '<p>tagged</p>', anchor: null, tags: ['exam', '*bold* [x]'] }),
        fakeNote({ noteId: 'y', refId: 'r9', content: '<p>plain</p>', anchor: null, tags: [] }),
      ],
      'en',
    ),
    sanitize: (html) => html,
    toMarkdown: createHtmlToMarkdown(),
    t,
    locale: 'en',
    timeZone: 'UTC',
  });
  assert.ok(out.includes('tagged\n\n_January 1, 2024_\n\nTags: exam, \\*bold\\* \\[x\\]\n'), out);
  assert.ok(/plain\n\n_January 1, 2024_\n(?!\nTags)/.test(out), out);
  assert.is(out.match(/Tags:/g)?.length, 1);
});

test('titles are escaped Markdown text on one line; missing titles get a word', () => {
  assert.is(markdownText('C# *basics*\n[part 1] <b>'), 'C\\# \\*basics\\* \\[part 1\\] \\<b\\>');
  const out = courseMarkdown({
    title: '',
    groups: groupCourseNotes([fakeNote({ moduleTitle: '', refTitle: '' })], 'en'),
    sanitize: (html) => html,
    toMarkdown: () => 'x',
    t,
    locale: 'en',
  });
  assert.ok(out.startsWith('# Course\n\n## Untitled\n\n### Untitled\n\nx\n\n'), out);
});

test('hostile note HTML exports as harmless text', () => {
  const out = courseMarkdown({
    title: 'T',
    groups: groupCourseNotes(
      [
        fakeNote({
          content: '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
        }),
      ],
      'en',
    ),
    sanitize: (html) => html,
    toMarkdown: createHtmlToMarkdown(),
    t,
    locale: 'en',
  });
  assert.not.ok(/onerror|script|javascript|alert|</i.test(out), out);
});

test('a hostile note renders no raw HTML in a CommonMark viewer, even if the sanitiser let it all through', () => {
  const content = [
    '<pre><code class="language-a`b">&lt;img src=x onerror=alert(1)&gt;</code></pre>',
    '<p><a href="mailto:a <img src=x onerror=alert(2)>@x.org">mail</a> <a href="mailto:a b@x.org">two</a></p>',
    '<p><img src="https://example.org/i.png?a=<b>" alt="pic"> &lt;b&gt;text&lt;/b&gt;</p>',
  ].join('');
  const out = courseMarkdown({
    title: 'T <b>',
    groups: groupCourseNotes([fakeNote({ content, moduleTitle: '<i>m</i>', refTitle: '<u>r</u>' })], 'en'),
    sanitize: (html) => html,
    toMarkdown: createHtmlToMarkdown(),
    t,
    locale: 'en',
  });
  const read = readMarkdown(out);
  assert.equal(read.rawHtml, [], out);
  assert.ok(
    read.destinations.every((d) => !/[\s<>]/.test(d)),
    read.destinations.join('\n'),
  );
});

test('file name: the course title, without path separators or control characters', () => {
  assert.is(exportFileName('Biology 101'), 'Biology 101.md');
  assert.is(exportFileName('../../etc/passwd'), 'etc passwd.md');
  assert.is(exportFileName('a\\b/c'), 'a b c.md');
  assert.is(exportFileName('Tab\there\nnew\u0000line\u007f'), 'Tab here new line.md');
  assert.is(exportFileName('evil\u202Egpj.exe'), 'evil gpj.exe.md');
  assert.is(exportFileName('C: <draft> "v2"? | *'), 'C draft v2.md');
  assert.is(exportFileName('.hidden'), 'hidden.md');
  assert.is(exportFileName('Ünïcode · 学习'), 'Ünïcode · 学习.md');
  assert.is(exportFileName(' / '), 'Course notes.md');
  assert.is(exportFileName('', 'Notes du cours'), 'Notes du cours.md');
  assert.is(exportFileName('x'.repeat(300)), `${'x'.repeat(100)}.md`);
});

test.run();
