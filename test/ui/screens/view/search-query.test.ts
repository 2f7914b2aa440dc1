import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  apiFilter,
  hasLocalPart,
  type ParsedSearch,
  parseDay,
  parseSearch,
  searchNarrows,
  tagSearch,
} from '../../../../src/ui/screens/view/search-query.ts';

const none: ParsedSearch = {
  query: '',
  tags: [],
  courses: [],
  after: null,
  before: null,
  unsaved: false,
  review: false,
};
const parsed = (p: Partial<ParsedSearch>): ParsedSearch => ({ ...none, ...p });

test('plain text is the query, words joined by one space', () => {
  assert.equal(parseSearch(''), none);
  assert.equal(parseSearch('   '), none);
  assert.equal(parseSearch('  cell   wall '), parsed({ query: 'cell wall' }));
});

test('each operator', () => {
  assert.equal(parseSearch('tag:exam'), parsed({ tags: ['exam'] }));
  assert.equal(parseSearch('tag:"two words"'), parsed({ tags: ['two words'] }));
  assert.equal(parseSearch('course:"Data Science 101"'), parsed({ courses: ['data science 101'] }));
  assert.equal(parseSearch('course:biology'), parsed({ courses: ['biology'] }));
  assert.equal(parseSearch('before:2026-11-01'), parsed({ before: '2026-11-01' }));
  assert.equal(parseSearch('after:2026-10-01'), parsed({ after: '2026-10-01' }));
  assert.equal(parseSearch('is:unsaved'), parsed({ unsaved: true }));
  assert.equal(parseSearch('is:review'), parsed({ review: true }));
});

test('is:review: any case, beside the others; is:reviewed and is: alone are not it', () => {
  assert.equal(
    parseSearch('IS:Review tag:exam is:unsaved'),
    parsed({ review: true, unsaved: true, tags: ['exam'] }),
  );
  assert.equal(parseSearch('is:reviewed'), parsed({ query: 'is:reviewed' }));
  assert.equal(parseSearch('is:"review"'), parsed({ review: true }));
});

test('operators beside free text and phrases', () => {
  assert.equal(
    parseSearch('photosynthesis tag:exam "light reaction" course:"Biology 1" after:2026-01-31 is:unsaved'),
    {
      query: 'photosynthesis light reaction',
      tags: ['exam'],
      courses: ['biology 1'],
      after: '2026-01-31',
      before: null,
      unsaved: true,
      review: false,
    },
  );
});

test('operator names ignore case; values keep theirs (tags are matched ignoring case anyway)', () => {
  assert.equal(parseSearch('TAG:Exam Course:Bio BEFORE:2026-11-01 Is:UNSAVED'), {
    ...none,
    tags: ['Exam'],
    courses: ['bio'],
    before: '2026-11-01',
    unsaved: true,
  });
});

test('quoted phrases are text, kept as typed inside; operators inside quotes are text', () => {
  assert.equal(parseSearch('"tag:exam"'), parsed({ query: 'tag:exam' }));
  assert.equal(parseSearch('"a  b"'), parsed({ query: 'a  b' }));
  assert.equal(parseSearch('x "" y'), parsed({ query: 'x y' }));
  // Typographic quotes, as phone keyboards type them.
  assert.equal(
    parseSearch('“cell wall” tag:„zwei Wörter“ «mot»'),
    parsed({ query: 'cell wall mot', tags: ['zwei Wörter'] }),
  );
});

test('unknown operators and bad values are plain text', () => {
  assert.equal(parseSearch('user:asha'), parsed({ query: 'user:asha' }));
  assert.equal(parseSearch('since:2026-01-01'), parsed({ query: 'since:2026-01-01' }));
  assert.equal(parseSearch('http://example.com/a'), parsed({ query: 'http://example.com/a' }));
  assert.equal(parseSearch('is:saved'), parsed({ query: 'is:saved' }));
  assert.equal(parseSearch('before:2026-02-30'), parsed({ query: 'before:2026-02-30' }));
  assert.equal(parseSearch('after:2026-13-01'), parsed({ query: 'after:2026-13-01' }));
  assert.equal(parseSearch('after:yesterday'), parsed({ query: 'after:yesterday' }));
  assert.equal(parseSearch(`tag:${'x'.repeat(41)}`), parsed({ query: `tag:${'x'.repeat(41)}` }));
  assert.equal(parseSearch('foo:"a b" c'), parsed({ query: 'foo:a b c' }));
  assert.equal(parseSearch('tagged:x'), parsed({ query: 'tagged:x' }));
  assert.equal(parseSearch('ملاحظة:نص'), parsed({ query: 'ملاحظة:نص' }));
  assert.equal(parseSearch('-tag:x'), parsed({ query: '-tag:x' }));
});

test('an operator still without a value is skipped, not searched for', () => {
  assert.equal(parseSearch('tag:'), none);
  assert.equal(parseSearch('cell tag: wall'), parsed({ query: 'cell wall' }));
  assert.equal(parseSearch('course:"  "'), none);
  assert.equal(parseSearch('before:'), none);
});

test('repeats: tags merged ignoring case (at most 10), dates narrow, courses all apply', () => {
  assert.equal(parseSearch('tag:Exam tag:exam tag:tips').tags, ['Exam', 'tips']);
  const eleven = Array.from({ length: 11 }, (_, i) => `tag:t${i}`).join(' ');
  assert.equal(
    parseSearch(eleven),
    parsed({ tags: Array.from({ length: 10 }, (_, i) => `t${i}`), query: 'tag:t10' }),
  );
  const p = parseSearch('after:2026-01-01 after:2026-03-01 before:2026-12-01 before:2026-06-01');
  assert.equal([p.after, p.before], ['2026-03-01', '2026-06-01']);
  assert.equal(parseSearch('course:bio course:"Bio 2" course:BIO').courses, ['bio', 'bio 2']);
});

test('an unclosed quote runs to the end, so results follow a phrase as it is typed', () => {
  assert.equal(parseSearch('"cell wa'), parsed({ query: 'cell wa' }));
  assert.equal(parseSearch('x course:"Intro to'), parsed({ query: 'x', courses: ['intro to'] }));
  assert.equal(parseSearch('tag:"two wo'), parsed({ tags: ['two wo'] }));
  assert.equal(parseSearch('"'), none);
  assert.equal(parseSearch('say"hi there"'), parsed({ query: 'say"hi there"' }));
});

test('control characters are dropped; RTL text and marks are kept', () => {
  assert.equal(parseSearch('ce\u0000ll\u001B wall'), parsed({ query: 'cell wall' }));
  assert.equal(parseSearch('tag:امتحان مراجعة الدرس'), parsed({ tags: ['امتحان'], query: 'مراجعة الدرس' }));
  assert.equal(parseSearch('tag:"\u200Fامتحان نهائي"'), parsed({ tags: ['امتحان نهائي'] }));
  assert.equal(parseSearch('עברית \u200Fטקסט'), parsed({ query: 'עברית \u200Fטקסט' }));
  assert.equal(parseSearch('tag:हिंदी व्याकरण'), parsed({ tags: ['हिंदी'], query: 'व्याकरण' }));
});

test('hostile sizes: 10 kB and 100 kB inputs parse, in one pass', () => {
  // ~12 kB ending in an open quote. Each `course:"y ` closes at the quote that opens the next
  // "dolor sit", whose own closing quote is then a plain character of `sit"`.
  const words = 'lorem ipsum "dolor sit" tag:x course:"y '.repeat(300);
  assert.ok(words.length > 10_000);
  assert.equal(parseSearch(words), {
    ...none,
    query: `lorem ipsum dolor sit${' dolor sit"'.repeat(299)}`,
    tags: ['x'],
    courses: ['y lorem ipsum', 'y'],
  });

  const quotes = '"'.repeat(100_001); // unbalanced
  assert.equal(parseSearch(quotes), none);
  const colons = 'a:'.repeat(50_000);
  assert.is(parseSearch(colons).query, colons);
  const letters = `${'tagtag'.repeat(20_000)}:x`;
  assert.is(parseSearch(letters).query, letters);
  const open = `tag:"${'x '.repeat(50_000)}`;
  assert.equal(parseSearch(open), parsed({ query: `tag:${'x '.repeat(50_000)}`.trim() }));
  const manyTags = Array.from({ length: 12_000 }, (_, i) => `tag:t${i}`).join(' '); // ~100 kB
  const p = parseSearch(manyTags);
  assert.is(p.tags.length, 10);
  assert.ok(p.query.startsWith('tag:t10 tag:t11 '));
  assert.ok(p.query.endsWith(' tag:t11999'));
  const spaces = `${' \t'.repeat(50_000)}x`;
  assert.equal(parseSearch(spaces), parsed({ query: 'x' }));
});

test('days are real calendar days', () => {
  assert.is(parseDay('2024-02-29'), '2024-02-29');
  assert.is(parseDay('2026-02-29'), null);
  assert.is(parseDay('2100-02-29'), null);
  assert.is(parseDay('2000-02-29'), '2000-02-29');
  assert.is(parseDay('2026-04-31'), null);
  assert.is(parseDay('2026-12-31'), '2026-12-31');
  for (const bad of [
    '2026-1-05',
    '26-01-05',
    '2026-01-00',
    '0999-01-01',
    '2026/01/05',
    '２０２６-01-05',
    '2026-01-05T00:00',
  ]) {
    assert.is(parseDay(bad), null, bad);
  }
});

test('the API gets the free text and the tags, empty parts left out', () => {
  assert.equal(apiFilter(parseSearch('')), {});
  assert.equal(apiFilter(parseSearch('course:bio is:unsaved before:2026-01-01')), {});
  assert.equal(apiFilter(parseSearch('tag:exam "cell wall" tag:Tips')), {
    query: 'cell wall',
    tags: ['exam', 'Tips'],
  });
  assert.equal(apiFilter(parseSearch('is:review cell')), { query: 'cell', review: 'in' });
});

test('what narrows, and what is left to the device', () => {
  assert.not.ok(searchNarrows(none));
  assert.ok(searchNarrows(parsed({ query: 'x' })));
  assert.ok(searchNarrows(parsed({ tags: ['x'] })));
  assert.not.ok(hasLocalPart(parsed({ query: 'x', tags: ['x'] })));
  assert.ok(hasLocalPart(parsed({ courses: ['x'] })));
  assert.ok(hasLocalPart(parsed({ before: '2026-01-01' })));
  assert.ok(hasLocalPart(parsed({ unsaved: true })));
  assert.ok(searchNarrows(parsed({ review: true })), 'is:review narrows');
  assert.not.ok(
    hasLocalPart(parsed({ review: true })),
    'is:review goes to the API (and the list matches it too)',
  );
});

test('tagSearch: the search for a tag, reading back as exactly that tag', () => {
  for (const tag of ['exam', 'exam tips', 'हिंदी', 'مراجعة', 'a:b', 'C#', 'say"hi'])
    assert.equal(parseSearch(tagSearch(tag)).tags, [tag], tag);
  assert.is(tagSearch('exam'), 'tag:exam');
  assert.is(tagSearch('exam tips'), 'tag:"exam tips"');
  assert.is(parseSearch(tagSearch('exam tips')).query, '');
  // A quote would end it: such a tag searches for what comes before (never an error).
  assert.equal(parseSearch(tagSearch('"quoted')).tags, []);
});

test.run();
