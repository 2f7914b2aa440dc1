import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA, SEEDED_USERS } from '../../../../harness/api/seed.ts';
import type { ParentPageConfig } from '../../../../harness/serve/parent-page/page-config.ts';
import { readPageConfig } from '../../../../harness/serve/parent-page/page-config.ts';
import { renderParentPage, scriptJson } from '../../../../harness/serve/parent-page/page-html.ts';

const config: ParentPageConfig = {
  appOrigin: 'http://127.0.0.1:4300',
  initial: {
    locale: 'de',
    theme: 'ocean-whisper-blue',
    darkMode: true,
    fontSize: 'small',
    frameWidth: 600,
    user: 'lukas',
    route: '/course',
    playerData: true,
  },
  users: SEEDED_USERS,
  token: 'tok',
  playerData: DEMO_PLAYER_DATA,
};
const page = () => parseHTML(renderParentPage(config, 'http://localhost:4200')).document;

const labelled = (doc: Document, text: string): HTMLElement => {
  const label = [...doc.querySelectorAll('label')].find((l) => l.textContent === text);
  assert.ok(label, `no label "${text}"`);
  const control = doc.getElementById(label!.getAttribute('for') ?? '');
  assert.ok(control, `label "${text}" points at nothing`);
  return control as HTMLElement;
};

test('every control has its exact label and starts at the flag values', () => {
  const doc = page();
  const value = (text: string) =>
    (labelled(doc, text).querySelector('option[selected]') as HTMLOptionElement | null)?.value;
  assert.is(value('Locale'), 'de');
  assert.is(value('Theme'), 'ocean-whisper-blue');
  assert.is(value('Font size'), 'small');
  assert.is(value('Frame width'), '600');
  assert.is(value('User'), 'lukas');
  assert.is(value('Route'), '/course');
  assert.is(value('Player data'), 'demo');
  const dark = labelled(doc, 'Dark mode') as HTMLInputElement;
  assert.is(dark.getAttribute('type'), 'checkbox');
  assert.ok(dark.hasAttribute('checked'));
});

test('the option sets: 6 locales, 16 themes in spaced form, 3 routes, a small-screen width', () => {
  const doc = page();
  const options = (text: string) =>
    [...labelled(doc, text).querySelectorAll('option')].map((o) => o.textContent);
  assert.equal(options('Locale'), ['en', 'hi', 'fr', 'es', 'de', 'ar']);
  assert.is(options('Theme').length, 16);
  assert.ok(options('Theme').includes('light green'));
  assert.equal(options('Route'), ['/', '/view', '/course', '/review']);
  assert.ok(options('Frame width').some((o) => /^3\d\d px \(small screen\)$/.test(o ?? '')));
  assert.equal(options('Player data'), ['none', DEMO_PLAYER_DATA.lukas!.resourceTitle]);
});

test('a course route from --route is an extra, selected Route option after the four base paths', () => {
  const withCourse = { ...config, initial: { ...config.initial, route: '/course/course-ml-101' as const } };
  const doc = parseHTML(renderParentPage(withCourse, 'http://localhost:4200'))
    .document as unknown as Document;
  const route = labelled(doc, 'Route');
  assert.equal(
    [...route.querySelectorAll('option')].map((o) => o.getAttribute('value')),
    ['/', '/view', '/course', '/review', '/course/course-ml-101'],
  );
  assert.is(route.querySelector('option[selected]')?.getAttribute('value'), '/course/course-ml-101');
});

test('the frame is titled and empty until the script sets its src; the log is a polite live region', () => {
  const doc = page();
  const frame = doc.querySelector('iframe')!;
  assert.is(frame.getAttribute('title'), 'Notes');
  assert.not.ok(frame.hasAttribute('src'));
  const log = doc.querySelector('[role="log"]')!;
  assert.is(log.getAttribute('aria-live'), 'polite');
  assert.is(doc.getElementById(log.getAttribute('aria-labelledby')!)?.textContent, 'Message log');
  assert.is(doc.documentElement.getAttribute('lang'), 'en');
});

test('a status line beside the frame says what the player would do; it starts idle', () => {
  const doc = page();
  const status = doc.getElementById('player-status')!;
  assert.is(status.getAttribute('role'), 'status');
  assert.is(status.textContent, 'Player: no seek requested yet');
  assert.is(status.parentElement, doc.querySelector('iframe')!.parentElement);
});

test('an "Answer AUTH_REQUEST" checkbox starts on; the header says which portal the page plays', () => {
  const doc = page();
  const answer = labelled(doc, 'Answer AUTH_REQUEST') as HTMLInputElement;
  assert.is(answer.getAttribute('type'), 'checkbox');
  assert.ok(answer.hasAttribute('checked'));
  assert.match(doc.querySelector('header')!.textContent ?? '', /full context, token included/);
  assert.not.match(doc.querySelector('header')!.textContent ?? '', /expire/);
});

test('the sunbird-cb page offers the real portal values, starts without player data, and names the TTL', () => {
  const sunbird: ParentPageConfig = {
    ...config,
    parent: 'sunbird-cb',
    tokenTtl: 30,
    initial: { ...config.initial, locale: 'hi', fontSize: 'large', user: 'ravi', playerData: false },
  };
  const doc = parseHTML(renderParentPage(sunbird, 'http://localhost:4200')).document as unknown as Document;
  const options = (text: string) =>
    [...labelled(doc, text).querySelectorAll('option')].map((o) => o.getAttribute('value'));
  const value = (text: string) =>
    labelled(doc, text).querySelector('option[selected]')?.getAttribute('value');
  assert.equal(options('Locale'), ['en', 'en-US', 'hi-IN']);
  assert.is(value('Locale'), 'hi-IN');
  assert.equal(options('Theme'), ['igot', 'none']);
  assert.is(labelled(doc, 'Theme').querySelector('option[selected]')?.textContent, 'iGOT Theme');
  assert.equal(options('Font size'), ['10px', '12px', '14px', '16px', '18px']);
  assert.is(value('Font size'), '16px');
  assert.is(value('User'), 'ravi');
  assert.equal(options('Player data'), ['none', 'demo']);
  assert.is(value('Player data'), 'none');
  assert.ok(labelled(doc, 'Answer AUTH_REQUEST').hasAttribute('checked'));
  const header = doc.querySelector('header')!.textContent ?? '';
  assert.match(header, /Sunbird CB portal does: no org and no token in the context/);
  assert.match(header, /Tokens expire 30 s after they are minted\./);
});

test('the inlined config round-trips and cannot break out of its script element', () => {
  const evil = {
    ...config,
    users: [{ ...SEEDED_USERS[0]!, firstName: '</script><script>alert(1)</script>' }],
  };
  const doc = parseHTML(renderParentPage(evil, 'http://localhost:4200')).document;
  assert.is(doc.querySelectorAll('script').length, 2);
  assert.equal(readPageConfig(doc as unknown as Document), evil);
  assert.not.match(scriptJson({ a: '<!--' }), /<!--/);
});

test.run();
