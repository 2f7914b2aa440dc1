/**
 * `/course` and `/course/<id>` end to end against the real mock API: the courses with their note
 * counts, a course's notes grouped by module then resource in natural order, collapsing groups by
 * mouse and keyboard, the exported Markdown file, the print view, failures with Retry, and a
 * learner with no notes.
 */
import type { Browser, Frame } from 'playwright-core';
import * as assert from 'uvu/assert';
import { readMarkdown } from '../support/markdown-raw-html.ts';
import { injectFault } from './support/api-faults.ts';
import type { ScenarioOptions } from './support/app-fixture.ts';
import { browserSuite } from './support/browser-suite.ts';
import { BIDI_GAPS, chromiumOnly } from './support/engine.ts';
import { expectProblem, screenTitle, waitAnnounced, waitText } from './support/frame-helpers.ts';
import { savedFile } from './support/saved-file.ts';
import { noteAt, type Place, waitCard } from './support/screen-data.ts';

const { test, scenario: open } = browserSuite('course screens (/course, /course/<id>)');
const MINUTE = 60_000;

const STATS = { courseId: 'course-stats', courseTitle: 'Statistics 101' };
const place = (
  moduleId: string | null,
  moduleTitle: string | null,
  refId: string,
  refTitle: string,
): Place => ({
  ...STATS,
  moduleId,
  moduleTitle,
  refId,
  refTitle,
});
const ON_COURSE = place(null, null, STATS.courseId, STATS.courseTitle);
const PART_2 = place('m-week-10', 'Week 10', 'r-part-2', 'Part 2');
const PART_10 = place('m-week-10', 'Week 10', 'r-part-10', 'Part 10');
const INTRO = place('m-week-2', 'Week 2', 'r-intro', 'Intro');
const CALCULUS: Place = {
  courseId: 'course-calc',
  courseTitle: 'Calculus',
  moduleId: 'm-limits',
  moduleTitle: 'Limits',
  refId: 'r-limits',
  refTitle: 'Limits at infinity',
};

/** Seven notes in Statistics 101 (stored out of order), one in Calculus. */
const courseNotes = () => [
  noteAt(PART_10, 'Part ten, page three', 9 * MINUTE, { kind: 'page', page: 3 }),
  noteAt(PART_2, 'Thirty seconds in', 8 * MINUTE, { kind: 'time', seconds: 30 }),
  noteAt(INTRO, 'Intro, page four', 7 * MINUTE, { kind: 'page', page: 4 }),
  noteAt(PART_2, 'Five seconds in', 6 * MINUTE, { kind: 'time', seconds: 5 }),
  noteAt(INTRO, 'Intro, no place', 5 * MINUTE),
  noteAt(ON_COURSE, 'Finish before the exam', 4 * MINUTE),
  noteAt(INTRO, 'Intro, page one', 3 * MINUTE, { kind: 'page', page: 1 }),
  noteAt(CALCULUS, 'Limits first', 10 * MINUTE),
];

/** A scenario with the course data set (unless `options` say otherwise). */
const scenario = (browser: Browser, options: ScenarioOptions = {}) =>
  open(browser, { stackOptions: { data: { notes: courseNotes() } }, ...options });

/** `/course/course-stats`, once its notes show. */
async function statsCourse(browser: Browser, options: ScenarioOptions = {}) {
  const s = await scenario(browser, { route: `/course/${STATS.courseId}`, ...options });
  await waitCard(s.frame(), 'Finish before the exam');
  return s;
}

const toggle = (f: Frame, name: string) => f.getByRole('button', { name, exact: true });

/** The group headings (h2 modules, h3 resources) in document order, as `h2 Week 2`. */
const outline = (f: Frame) =>
  f.evaluate(() =>
    [...document.querySelectorAll('main .group-title')].map(
      (h) => `${h.tagName.toLowerCase()} ${h.querySelector('.group-toggle')?.textContent?.trim() ?? ''}`,
    ),
  );

/** Note titles (anchor) and texts of one resource group, in order. */
const notesOf = (f: Frame, resource: string) =>
  f.evaluate((title) => {
    const group = [...document.querySelectorAll('main .course-group.level-3')].find(
      (g) => g.querySelector('.group-toggle')?.textContent?.trim() === title,
    );
    return [...(group?.querySelectorAll('article') ?? [])].map(
      (a) => `${a.querySelector('.note-title')?.textContent} | ${a.querySelector('.note-text')?.textContent}`,
    );
  }, resource);

test('Courses: a button named by each course title with its plural count; choosing one opens /course/<id>', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/course' });
  const f = s.frame();
  const stats = f.getByRole('button', { name: 'Statistics 101', exact: true });
  await stats.waitFor();
  assert.is(await screenTitle(f), 'Courses');
  const items = await f
    .locator('main .course-item')
    .evaluateAll((lis) =>
      lis.map((li) => [li.querySelector('button')?.textContent, li.querySelector('.count')?.textContent]),
    );
  assert.equal(items, [
    ['Statistics 101', '7 notes'],
    ['Calculus', '1 note'],
  ]);
  await stats.click();
  await f.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Statistics 101');
  assert.is(new URL(f.url()).pathname, `/course/${STATS.courseId}`);
  await waitCard(f, 'Finish before the exam');
});

test('a course: h2 modules then h3 resources in natural order, notes in reading order', async ({
  browser,
}) => {
  const s = await statsCourse(browser);
  const f = s.frame();
  assert.is(await screenTitle(f), 'Statistics 101');
  assert.equal(await outline(f), [
    'h2 Course notes',
    'h3 Statistics 101',
    'h2 Week 2',
    'h3 Intro',
    'h2 Week 10',
    'h3 Part 2',
    'h3 Part 10',
  ]);
  assert.equal(await notesOf(f, 'Intro'), [
    'Note | Intro, no place',
    'p. 1 | Intro, page one',
    'p. 4 | Intro, page four',
  ]);
  assert.equal(await notesOf(f, 'Part 2'), ['At 00:05 | Five seconds in', 'At 00:30 | Thirty seconds in']);
  assert.equal(await notesOf(f, 'Part 10'), ['p. 3 | Part ten, page three']);
  assert.is(await f.locator('main article', { hasText: 'Limits first' }).count(), 0, 'no other course');
});

test('each group collapses and expands with its button (aria-expanded), by mouse and by keyboard', async ({
  browser,
}) => {
  const s = await statsCourse(browser);
  const f = s.frame();
  const week2 = toggle(f, 'Week 2');
  const intro = f.locator('main article', { hasText: 'Intro, page one' });
  assert.is(await week2.getAttribute('aria-expanded'), 'true');
  assert.ok(await intro.isVisible());
  await week2.click();
  assert.is(await week2.getAttribute('aria-expanded'), 'false');
  await intro.waitFor({ state: 'hidden' });
  assert.ok(await toggle(f, 'Week 10').isVisible(), 'other groups stay open');
  assert.ok(await f.locator('main article', { hasText: 'Five seconds in' }).isVisible());
  await week2.click();
  assert.is(await week2.getAttribute('aria-expanded'), 'true');
  await intro.waitFor({ state: 'visible' });

  // Keyboard: a resource group, with Enter and then Space.
  const part2 = toggle(f, 'Part 2');
  const five = f.locator('main article', { hasText: 'Five seconds in' });
  await part2.focus();
  await s.page.keyboard.press('Enter');
  await five.waitFor({ state: 'hidden' });
  assert.is(await part2.getAttribute('aria-expanded'), 'false');
  assert.ok(await f.locator('main article', { hasText: 'Part ten, page three' }).isVisible());
  await s.page.keyboard.press('Space');
  await five.waitFor({ state: 'visible' });
  assert.is(await part2.getAttribute('aria-expanded'), 'true');
  const controls = await part2.getAttribute('aria-controls');
  assert.ok(
    controls && (await f.locator(`#${controls}`).count()) === 1,
    'aria-controls names the group body',
  );
});

test('Export downloads "<course title>.md": headings, notes converted from their HTML, anchors and dates', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/course' });
  const rich = {
    refId: PART_2.refId,
    moduleId: PART_2.moduleId,
    courseId: PART_2.courseId,
    refTitle: PART_2.refTitle,
    moduleTitle: PART_2.moduleTitle,
    courseTitle: PART_2.courseTitle,
    domain: 'lex-dev.infosysapps.com',
    appRef: null,
    displayName: 'Asha Verma',
    content:
      '<p>Key idea: <strong>variance</strong> and <em>bias</em>.</p><ul><li>first point</li><li>second point</li></ul><p>See <a href="https://example.org/stats">the reference</a>.</p>',
    text: '',
    anchor: { kind: 'time', seconds: 192 },
    tags: [],
  };
  const added = await s.stack.client().post('/notes/add', rich);
  assert.is(added.status, 201, JSON.stringify(added.json));
  const stored = added.json as { updatedOn: string };
  const f = s.frame();
  await f.getByRole('button', { name: 'Statistics 101', exact: true }).click();
  await waitCard(f, 'Key idea: variance and bias.');
  const file = await savedFile(s.page, f, () =>
    f.getByRole('button', { name: 'Export', exact: true }).click(),
  );
  assert.is(file.name, 'Statistics 101.md');
  const markdown = file.text;

  // Dates as the learner's browser writes them (its locale and time zone).
  const longDate = (iso: string) =>
    f.evaluate((d) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.parse(d)), iso);
  const richDate = await longDate(stored.updatedOn);
  const notesOfIntro = (await s.stack.client().notesOn(INTRO.refId)).find(
    (n) => n.text === 'Intro, page four',
  );
  assert.ok(notesOfIntro);
  const introDate = await longDate(notesOfIntro.updatedOn);

  const lines = markdown.split('\n');
  assert.is(lines[0], '# Statistics 101');
  const headings = lines.filter((l) => /^#{1,3} /.test(l));
  assert.equal(headings, [
    '# Statistics 101',
    '## Course notes',
    '### Statistics 101',
    '## Week 2',
    '### Intro',
    '## Week 10',
    '### Part 2',
    '### Part 10',
  ]);
  for (const expected of [
    'Key idea: **variance** and _bias_.',
    '-   first point',
    '-   second point',
    'See [the reference](https://example.org/stats).',
    `_At 03:12 · ${richDate}_`,
    'Intro, page four',
    `_p. 4 · ${introDate}_`,
  ]) {
    assert.ok(markdown.includes(expected), `the export holds ${JSON.stringify(expected)}:\n${markdown}`);
  }
  assert.not.match(markdown, /<\/?(p|strong|em|ul|li|a)\b/, 'no HTML left');
  const part2 = markdown.slice(markdown.indexOf('### Part 2'), markdown.indexOf('### Part 10'));
  assert.ok(
    part2.indexOf('Five seconds in') < part2.indexOf('Thirty seconds in') &&
      part2.indexOf('Thirty seconds in') < part2.indexOf('Key idea'),
    `reading order in Part 2:\n${part2}`,
  );
});

test('a hostile note exports sanitised: the .md renders no raw HTML in a CommonMark viewer', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/course' });
  const hostile = {
    refId: PART_2.refId,
    moduleId: PART_2.moduleId,
    courseId: PART_2.courseId,
    refTitle: PART_2.refTitle,
    moduleTitle: PART_2.moduleTitle,
    courseTitle: PART_2.courseTitle,
    domain: 'lex-dev.infosysapps.com',
    appRef: null,
    displayName: 'Asha Verma',
    content: [
      '<p>Hostile note</p>',
      '<pre><code class="language-a`b">&lt;img src=x onerror=alert(1)&gt;</code></pre>',
      '<p><a href="mailto:a <img src=x onerror=alert(2)>@x.org">mail</a> <a href="mailto:a b@x.org">two</a></p>',
      '<img src=x onerror=alert(3)><form action="https://evil.example/"><input name=a></form>',
    ].join(''),
    text: 'Hostile note',
    anchor: { kind: 'time', seconds: 7 },
    tags: [],
  };
  const added = await s.stack.client().post('/notes/add', hostile);
  assert.is(added.status, 201, JSON.stringify(added.json));
  const f = s.frame();
  await f.getByRole('button', { name: 'Statistics 101', exact: true }).click();
  await waitCard(f, 'Hostile note');
  const exported = () => f.getByRole('button', { name: 'Export', exact: true }).click();
  const markdown = (await savedFile(s.page, f, exported)).text;
  const read = readMarkdown(markdown);
  assert.equal(read.rawHtml, [], markdown);
  assert.not.match(
    markdown,
    /alert\(3\)|<form|<input|evil\.example/,
    'the real <img onerror> and <form> are gone',
  );
  // What was typed as text (the code block, the odd address) stays, as code and an encoded link.
  assert.ok(
    read.destinations.every((d) => !/[\s<>]/.test(d)),
    read.destinations.join('\n'),
  );
  assert.ok(markdown.includes('[two](mailto:a%20b@x.org)'), markdown);
});

chromiumOnly(test, BIDI_GAPS.media)(
  'print media shows the grouped notes alone, collapsed groups included',
  async ({ browser }) => {
    const s = await statsCourse(browser);
    const f = s.frame();
    await toggle(f, 'Week 2').click();
    await f.locator('main article', { hasText: 'Intro, page one' }).waitFor({ state: 'hidden' });
    await f.locator('.shortcut-help summary').click();
    await f
      .locator('main article', { hasText: 'Part ten, page three' })
      .getByRole('button', { name: 'Delete note' })
      .click();
    await waitAnnounced(f, 'Note deleted');
    const visible = async () => ({
      nav: await f.locator('nav.app-nav').isVisible(),
      undo: await f.locator('.undo-bar').isVisible(),
      help: await f.locator('.shortcut-help').isVisible(),
      back: await f.getByRole('link', { name: 'All courses' }).isVisible(),
      buttons: (
        await f
          .locator('button')
          .evaluateAll((all) =>
            all.filter((b) => b.getClientRects().length > 0).map((b) => b.textContent?.trim()),
          )
      ).length,
    });
    const onScreen = await visible();
    assert.ok(
      onScreen.nav && onScreen.undo && onScreen.help && onScreen.back && onScreen.buttons > 10,
      'on screen',
    );

    await s.page.emulateMedia({ media: 'print' });
    await f.waitForFunction(() => matchMedia('print').matches);
    const buttons = await f
      .locator('button')
      .evaluateAll((all) =>
        all.filter((b) => b.getClientRects().length > 0).map((b) => b.textContent?.trim()),
      );
    assert.equal(
      buttons,
      [],
      'no button prints (Export, Print, Edit note, Delete note, Go to…, toggles, Undo)',
    );
    assert.equal(await visible(), { nav: false, undo: false, help: false, back: false, buttons: 0 });
    for (const text of [
      'Intro, page one',
      'Intro, no place',
      'Intro, page four',
      'Five seconds in',
      'Finish before the exam',
    ]) {
      assert.ok(await f.locator('main article', { hasText: text }).isVisible(), `${text} prints`);
    }
    assert.is(await f.locator('main h1').innerText(), 'Statistics 101');
    const printedHeadings = await f.locator('main .group-title').allInnerTexts();
    assert.equal(
      printedHeadings.map((h) => h.trim()),
      ['Course notes', 'Statistics 101', 'Week 2', 'Intro', 'Week 10', 'Part 2'],
      'group titles print as text (Part 10 held only the deleted note)',
    );

    await s.page.emulateMedia({ media: 'screen' });
    await f.locator('main article', { hasText: 'Intro, page one' }).waitFor({ state: 'hidden' });
    assert.ok(await f.getByRole('button', { name: 'Export', exact: true }).isVisible(), 'back on screen');
  },
);

test('/course: a 500 shows what went wrong with Retry; Retry lists the courses', async ({ browser }) => {
  const s = await scenario(browser, {
    route: '/course',
    setup: async (page) =>
      void (await injectFault(page, '/notes/list/course', { status: 500 }, { times: 1 })),
  });
  const f = s.frame();
  const retry = await expectProblem(
    f,
    'The notes service is not answering right now. Try again in a moment.',
  );
  assert.is(await f.locator('main .course-item').count(), 0);
  await retry.click();
  await f.getByRole('button', { name: 'Statistics 101', exact: true }).waitFor();
  assert.is(await f.getByRole('alert').count(), 0);
});

test('/course/<id>: a 500 on the collection shows Retry; Retry shows the grouped notes', async ({
  browser,
}) => {
  const s = await scenario(browser, {
    route: `/course/${STATS.courseId}`,
    setup: async (page) =>
      void (await injectFault(page, '/notes/collection/**', { status: 500 }, { times: 1 })),
  });
  const f = s.frame();
  const retry = await expectProblem(
    f,
    'The notes service is not answering right now. Try again in a moment.',
  );
  assert.is(await f.locator('main article').count(), 0);
  await retry.click();
  await waitCard(f, 'Finish before the exam');
  assert.is(await f.getByRole('alert').count(), 0);
  assert.is(await f.locator('main article').count(), 7);
});

test('a learner with no notes: /course and a course each say so in one friendly line', async ({
  browser,
}) => {
  const s = await scenario(browser, { route: '/course', stackOptions: { data: 'empty' } });
  const f = s.frame();
  await waitText(f, 'No courses with notes yet');
  const main = await f.locator('main').innerText();
  assert.is(main.split('No courses with notes yet').length - 1, 1, main);
  assert.is(await f.locator('main .empty-state').count(), 1);
  assert.is(await f.locator('main .course-item').count(), 0);
  assert.is(await f.getByRole('alert').count(), 0);

  const empty = await scenario(browser, {
    route: `/course/${STATS.courseId}`,
    stackOptions: { data: 'empty' },
  });
  const g = empty.frame();
  await waitText(g, 'No notes in this course');
  assert.is(await g.locator('main .empty-state').count(), 1);
  assert.is(await g.getByRole('button', { name: 'Export' }).count(), 0, 'nothing to export');
  assert.is(await g.locator('main article').count(), 0);
});

test.run();
