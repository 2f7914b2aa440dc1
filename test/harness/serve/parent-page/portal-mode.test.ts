import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA, findSeededUser } from '../../../../harness/api/seed.ts';
import { type PageControls, portalMode } from '../../../../harness/serve/parent-page/portal-mode.ts';

const APP = 'http://127.0.0.1:4300';
const page = { pathname: '/', hostname: 'localhost' };
const controls: PageControls = {
  locale: 'en',
  theme: 'igot',
  darkMode: true,
  fontSize: '18px',
  user: findSeededUser('ravi')!,
  token: 'eyJ.secret.token',
  playerData: DEMO_PLAYER_DATA.ravi!,
};

test('the default portal posts to the app origin, with org and token in the context', () => {
  const mode = portalMode('default', APP, page);
  assert.is(mode.target, APP);
  const { parentContext } = mode.message('LOADED', { ...controls, theme: 'light-green', fontSize: 'large' });
  assert.is(parentContext.org, 'igot');
  assert.is(parentContext.user.token, 'eyJ.secret.token');
  assert.equal(parentContext.theme, { name: 'light green' });
  assert.is(parentContext.fontSize, 'large');
  assert.is(parentContext.url, '/');
});

test('the default portal falls back to blue and medium for values that are not its own', () => {
  const { parentContext } = portalMode('default', APP, page).message('LOADED', controls);
  assert.equal(parentContext.theme, { name: 'blue' });
  assert.is(parentContext.fontSize, 'medium');
});

test('the sunbird-cb portal posts to *, with no org and no token, from its own control values', () => {
  const mode = portalMode('sunbird-cb', APP, page);
  assert.is(mode.target, '*');
  const message = mode.message('CONTEXT_CHANGE', controls);
  assert.is(message.requestId, 'CONTEXT_CHANGE');
  assert.is(message.data, null);
  const ctx = message.parentContext;
  assert.not.ok('org' in ctx);
  assert.not.ok('token' in ctx.user);
  assert.is(ctx.fontSize, '18px');
  assert.is(ctx.domainName, 'localhost');
  assert.is((ctx.theme as { name: string }).name, 'iGOT Theme');
  assert.equal(ctx.playerData, DEMO_PLAYER_DATA.ravi);
  const plain = mode.message('LOADED', { ...controls, theme: 'none', fontSize: 'large', playerData: null });
  assert.is(plain.parentContext.theme, '');
  assert.is(plain.parentContext.fontSize, '14px', 'a size that is not a pixel size falls back to 14px');
  assert.not.ok('playerData' in plain.parentContext);
});

test.run();
