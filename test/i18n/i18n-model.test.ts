import { parse } from '@formatjs/icu-messageformat-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CompiledMessages, createI18n } from '../../src/i18n/i18n-model.ts';
import { createDeferred, type Deferred, flushPromises } from '../fakes/deferred.ts';

/** Compiles a catalogue the way the build does, then round-trips it through JSON like an asset. */
const compile = (source: Record<string, string>): CompiledMessages =>
  JSON.parse(
    JSON.stringify(Object.fromEntries(Object.entries(source).map(([k, v]) => [k, parse(v)]))),
  ) as CompiledMessages;

const NOTES = '{count, plural, =0 {No notes} one {# note} other {# notes}}';
const EN = compile({ 'My notes': 'My notes', 'Hello {name}': 'Hello {name}', [NOTES]: NOTES });
const FR = compile({ 'My notes': 'Mes notes', 'Hello {name}': 'Bonjour {name}' });
const DE = compile({ 'My notes': 'Meine Notizen' });
const AR = compile({
  'My notes': 'ملاحظاتي',
  [NOTES]: '{count, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}',
});
const URLS = {
  fr: '/locales/fr-AAAA.json',
  de: '/locales/de-BBBB.json',
  ar: '/locales/ar-CCCC.json',
  hi: '/locales/hi-DDDD.json',
};

/** A scripted fetchJson: each URL answers from `answers`, or waits on a deferred the test controls. */
function harness(answers: Record<string, unknown> = { [URLS.fr]: FR, [URLS.de]: DE, [URLS.ar]: AR }) {
  const fetched: string[] = [];
  const pending = new Map<string, Deferred<unknown>>();
  const errors: { message: string; error: unknown }[] = [];
  const root = { lang: 'en', dir: 'ltr' };
  const holds = new Set<string>();
  const fetchJson = (url: string): Promise<unknown> => {
    fetched.push(url);
    if (holds.has(url)) {
      const d = createDeferred<unknown>();
      pending.set(url, d);
      return d.promise;
    }
    const answer = answers[url];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const i18n = createI18n({
    english: EN,
    urls: URLS,
    fetchJson,
    root,
    logError: (message, error) => errors.push({ message, error }),
  });
  return {
    i18n,
    fetched,
    errors,
    root,
    /** Makes fetches of `url` wait until the test settles them. */
    hold: (url: string) => holds.add(url),
    pending: (url: string): Deferred<unknown> => {
      const d = pending.get(url);
      if (!d) throw new Error(`no pending fetch of ${url}`);
      return d;
    },
  };
}

test('English is there from the start, without a fetch', () => {
  const h = harness();
  assert.is(h.i18n.locale.value, 'en');
  assert.is(h.i18n.t('My notes'), 'My notes');
  assert.is(h.i18n.t('Hello {name}', { name: 'Zoë' }), 'Hello Zoë');
  assert.equal(h.fetched, []);
});

test('a missing English key returns the key itself, its {names} filled in, and logs nothing', () => {
  const h = harness();
  assert.is(h.i18n.t('Not translated yet'), 'Not translated yet');
  assert.is(h.i18n.t('Saved {count} notes', { count: 3 }), 'Saved 3 notes');
  assert.is(
    h.i18n.t('Saved {count} of {total}', { count: 3 }),
    'Saved 3 of {total}',
    'an unknown name stays',
  );
  assert.is(h.i18n.t('Saved {count} notes'), 'Saved {count} notes', 'no values: the key as is');
  assert.equal(h.errors, []);
});

test('a key missing from a loaded locale also shows as the key, its {names} filled in', async () => {
  const h = harness();
  await h.i18n.setLocale('de');
  assert.is(h.i18n.t('My notes'), 'Meine Notizen');
  assert.is(h.i18n.t('Hello {name}', { name: 'Zoë' }), 'Hello Zoë');
  assert.equal(h.errors, []);
});

test('English plurals: =0, one, other', () => {
  const { i18n } = harness();
  assert.is(i18n.t(NOTES, { count: 0 }), 'No notes');
  assert.is(i18n.t(NOTES, { count: 1 }), '1 note');
  assert.is(i18n.t(NOTES, { count: 2 }), '2 notes');
  assert.is(i18n.t(NOTES, { count: 1000 }), '1,000 notes');
});

test('Arabic plurals: zero, one, two, few, many, other', async () => {
  const h = harness();
  await h.i18n.setLocale('ar');
  const got = [0, 1, 2, 3, 10, 11, 99, 100, 102].map((count) => h.i18n.t(NOTES, { count }));
  assert.equal(got, ['zero', 'one', 'two', 'few', 'few', 'many', 'many', 'other', 'other']);
});

test('setLocale fetches the right asset once, then serves it from cache', async () => {
  const h = harness();
  await h.i18n.setLocale('fr');
  assert.equal(h.fetched, [URLS.fr]);
  assert.is(h.i18n.locale.value, 'fr');
  assert.is(h.i18n.t('My notes'), 'Mes notes');
  await h.i18n.setLocale('en');
  assert.is(h.i18n.t('My notes'), 'My notes');
  await h.i18n.setLocale('fr');
  assert.is(h.i18n.t('Hello {name}', { name: 'Zoë' }), 'Bonjour Zoë');
  assert.equal(h.fetched, [URLS.fr], 'second switch to fr must not fetch');
});

test('a region tag loads its language asset', async () => {
  const h = harness();
  await h.i18n.setLocale('fr-CA');
  assert.equal(h.fetched, [URLS.fr]);
  assert.is(h.i18n.locale.value, 'fr');
});

test('an unsupported locale stays on English without fetching or logging', async () => {
  const h = harness();
  await h.i18n.setLocale('pt-BR');
  assert.equal(h.fetched, []);
  assert.equal(h.errors, []);
  assert.is(h.i18n.locale.value, 'en');
});

test('setting the current locale again does nothing', async () => {
  const h = harness();
  await h.i18n.setLocale('fr');
  await h.i18n.setLocale('fr');
  await h.i18n.setLocale('FR');
  assert.equal(h.fetched, [URLS.fr]);
});

test('<html lang/dir> follow the locale: ar is rtl, back to ltr after', async () => {
  const h = harness();
  await h.i18n.setLocale('ar');
  assert.equal(h.root, { lang: 'ar', dir: 'rtl' });
  assert.is(h.i18n.dir.value, 'rtl');
  await h.i18n.setLocale('de');
  assert.equal(h.root, { lang: 'de', dir: 'ltr' });
  assert.is(h.i18n.dir.value, 'ltr');
  await h.i18n.setLocale('en');
  assert.equal(h.root, { lang: 'en', dir: 'ltr' });
});

const FAILURES: [string, unknown][] = [
  ['a rejecting fetch', new Error('HTTP 404')],
  ['a value that is not compiled messages ({a: "string"})', { a: 'string' }],
  ['a mix of compiled and raw messages', { 'My notes': parse('Mes notes'), Other: 'raw' }],
  ['null', null],
  ['an array', [parse('x')]],
  ['a string', 'not json'],
];
for (const [label, answer] of FAILURES) {
  test(`a failed load (${label}) logs one error and keeps everything as it was`, async () => {
    const h = harness({ [URLS.fr]: FR, [URLS.de]: answer });
    await h.i18n.setLocale('fr');
    const before = h.i18n.messages.value;
    await h.i18n.setLocale('de');
    assert.is(h.errors.length, 1);
    assert.match(h.errors[0]?.message ?? '', 'de');
    assert.is(h.i18n.locale.value, 'fr');
    assert.is(h.i18n.messages.value, before);
    assert.is(h.i18n.t('My notes'), 'Mes notes');
    assert.equal(h.root, { lang: 'fr', dir: 'ltr' });
  });
}

test('a failed locale is not cached: asking again fetches again', async () => {
  let attempt = 0;
  const h = harness();
  const i18n = createI18n({
    english: EN,
    urls: URLS,
    fetchJson: (url) => {
      h.fetched.push(url);
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(FR);
    },
    logError: (message, error) => h.errors.push({ message, error }),
  });
  await i18n.setLocale('fr');
  assert.is(i18n.locale.value, 'en');
  await i18n.setLocale('fr');
  assert.is(i18n.locale.value, 'fr');
  assert.equal(h.fetched, [URLS.fr, URLS.fr]);
  assert.is(h.errors.length, 1);
});

test('race: fr (slow) then de (fast) → de wins, even when fr resolves later', async () => {
  const h = harness();
  h.hold(URLS.fr);
  const fr = h.i18n.setLocale('fr');
  await h.i18n.setLocale('de');
  assert.is(h.i18n.locale.value, 'de');
  h.pending(URLS.fr).resolve(FR);
  await fr;
  await flushPromises();
  assert.is(h.i18n.locale.value, 'de');
  assert.is(h.i18n.t('My notes'), 'Meine Notizen');
  assert.equal(h.root, { lang: 'de', dir: 'ltr' });
  assert.equal(h.errors, []);
});

test('race: both slow, the later answer first → the later request still wins', async () => {
  const h = harness();
  h.hold(URLS.fr);
  h.hold(URLS.ar);
  const fr = h.i18n.setLocale('fr');
  const ar = h.i18n.setLocale('ar');
  h.pending(URLS.ar).resolve(AR);
  await ar;
  h.pending(URLS.fr).resolve(FR);
  await fr;
  assert.is(h.i18n.locale.value, 'ar');
  assert.equal(h.root, { lang: 'ar', dir: 'rtl' });
});

test('race: fr (slow) then back to en → en needs no fetch and stays', async () => {
  const h = harness();
  h.hold(URLS.fr);
  const fr = h.i18n.setLocale('fr');
  await h.i18n.setLocale('en');
  h.pending(URLS.fr).resolve(FR);
  await fr;
  assert.is(h.i18n.locale.value, 'en');
  assert.is(h.i18n.t('My notes'), 'My notes');
  assert.equal(h.fetched, [URLS.fr]);
});

test('race: from fr, ask de (slow) then fr again → fr stays, de never shows', async () => {
  const h = harness();
  await h.i18n.setLocale('fr');
  h.hold(URLS.de);
  const de = h.i18n.setLocale('de');
  await h.i18n.setLocale('fr');
  h.pending(URLS.de).resolve(DE);
  await de;
  assert.is(h.i18n.locale.value, 'fr');
  assert.equal(h.root, { lang: 'fr', dir: 'ltr' });
});

test('a present message with a missing value does not throw', () => {
  const { i18n } = harness();
  assert.not.throws(() => i18n.t('Hello {name}'));
  assert.type(i18n.t('Hello {name}'), 'string');
});

test('a catalogue the compact formatter handles needs no engine: one file for a first screen', async () => {
  let engines = 0;
  const fetched: string[] = [];
  const i18n = createI18n({
    english: EN,
    urls: URLS,
    fetchJson: (url) => {
      fetched.push(url);
      return Promise.resolve(AR);
    },
    loadEngine: () => {
      engines += 1;
      return Promise.reject(new Error('not wanted'));
    },
  });
  await i18n.setLocale('ar');
  assert.is(i18n.locale.value, 'ar');
  assert.is(engines, 0);
  assert.equal(fetched, [URLS.ar]);
  assert.is(i18n.t(NOTES, { count: 2 }), 'two');
});

test('a message beyond the compact formatter: formatjs’s runtime is fetched then, and formats it', async () => {
  const DATED = compile({ 'Saved on {d}': 'Gespeichert am {d, date, short}', 'My notes': 'Meine Notizen' });
  const used: string[] = [];
  const errors: string[] = [];
  let engines = 0;
  const i18n = createI18n({
    english: EN,
    urls: URLS,
    fetchJson: () => Promise.resolve(DATED),
    logError: (message) => errors.push(message),
    loadEngine: () => {
      engines += 1;
      return Promise.resolve((_messages, _locale, key) => {
        used.push(key);
        return `formatjs:${key}`;
      });
    },
  });
  await i18n.setLocale('de');
  assert.is(engines, 0, 'not for the catalogue itself');
  const before = i18n.messages.value;
  assert.is(i18n.t('Saved on {d}', { d: 0 }), 'Saved on {d}', 'the key until the runtime is in');
  await flushPromises();
  assert.is(engines, 1);
  assert.is.not(i18n.messages.value, before, 'the labels are asked for again');
  assert.is(i18n.t('Saved on {d}', { d: 0 }), 'formatjs:Saved on {d}');
  assert.is(i18n.t('My notes'), 'Meine Notizen', 'the rest stays with the compact formatter');
  assert.equal(used, ['Saved on {d}']);
  assert.is(engines, 1);
});

test('settled(): the latest setLocale, resolved once its catalogue applied', async () => {
  const h = harness();
  h.hold(URLS.fr);
  void h.i18n.setLocale('fr');
  let done = false;
  void h.i18n.settled().then(() => (done = true));
  await flushPromises();
  assert.is(done, false);
  h.pending(URLS.fr).resolve(FR);
  await flushPromises();
  assert.is(done, true);
  assert.is(h.i18n.locale.value, 'fr');
});

test.run();
