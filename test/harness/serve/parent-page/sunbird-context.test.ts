import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA, findSeededUser } from '../../../../harness/api/seed.ts';
import {
  buildSunbirdContext,
  portalFirstName,
  SUNBIRD_VIEWER_URL,
  type SunbirdControls,
  sunbirdMessage,
} from '../../../../harness/serve/parent-page/sunbird-context.ts';
import { PIXEL_FONT_SIZES } from '../../../../src/protocol/messages.ts';

const ravi = findSeededUser('ravi')!;
const controls: SunbirdControls = {
  locale: 'en',
  theme: 'igot',
  darkMode: false,
  fontSize: '14px',
  user: ravi,
  playerData: null,
};

test('LOADED carries exactly what the real portal sends: no org, no token, data null', () => {
  const message = sunbirdMessage('LOADED', controls, 'localhost');
  assert.equal(message, {
    subApplicationName: 'NOTES',
    requestId: 'LOADED',
    data: null,
    parentContext: {
      domainName: 'localhost',
      url: '/viewer/html/do_1137?collectionId=do_1130&viewMode=RESUME',
      rootOrg: 'igot',
      theme: { name: 'iGOT Theme', accent: '#00A9F4', primary: '#ffffff', warn: '#f44336' },
      fontSize: '14px',
      locale: 'en',
      darkMode: false,
      subApplicationStartMode: 'RESUME',
      user: { firstName: 'ravi.kumar', lastName: undefined, userId: '', roles: ['public'] },
      heartbeatFrequency: '200',
    },
  });
  assert.is(
    Object.keys(message.parentContext).join(),
    [
      'domainName',
      'url',
      'rootOrg',
      'theme',
      'fontSize',
      'locale',
      'darkMode',
      'subApplicationStartMode',
      'user',
      'heartbeatFrequency',
    ].join(),
    'the keys, in the portal order',
  );
  const { user } = message.parentContext;
  assert.ok('lastName' in user && user.lastName === undefined, 'lastName is present and undefined');
  assert.not.ok('token' in user);
  assert.not.ok('org' in message.parentContext);
  assert.not.ok('playerData' in message.parentContext);
  assert.not.ok('fontClass' in message.parentContext);
  assert.is(sunbirdMessage('CONTEXT_CHANGE', controls, 'x').requestId, 'CONTEXT_CHANGE');
});

test('every pixel font size goes out as is', () => {
  for (const fontSize of PIXEL_FONT_SIZES)
    assert.is(buildSunbirdContext({ ...controls, fontSize }, 'localhost').fontSize, fontSize);
});

test("without a theme the portal sends ''; the iGOT theme is a fresh copy each time", () => {
  assert.is(buildSunbirdContext({ ...controls, theme: 'none' }, 'localhost').theme, '');
  const a = buildSunbirdContext(controls, 'localhost').theme;
  const b = buildSunbirdContext(controls, 'localhost').theme;
  assert.equal(a, b);
  assert.is.not(a, b);
});

test('locale, dark mode and the page hostname pass through; url stays the viewer URL', () => {
  const ctx = buildSunbirdContext({ ...controls, locale: 'hi-IN', darkMode: true }, 'portal.example');
  assert.is(ctx.locale, 'hi-IN');
  assert.is(ctx.darkMode, true);
  assert.is(ctx.domainName, 'portal.example');
  assert.is(ctx.url, SUNBIRD_VIEWER_URL);
});

test('the Player data switch adds a copy of the demo player data (the real portal sends none)', () => {
  const player = DEMO_PLAYER_DATA.ravi!;
  const ctx = buildSunbirdContext({ ...controls, playerData: player }, 'localhost');
  assert.equal(ctx.playerData, player);
  assert.is.not(ctx.playerData, player);
});

test("the portal's first name is the learner's user name, from their e-mail address", () => {
  assert.is(portalFirstName(ravi), 'ravi.kumar');
  assert.is(portalFirstName(findSeededUser('asha')!), 'asha.verma');
});

test.run();
