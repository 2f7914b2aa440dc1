import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PLAYER_DATA, SEEDED_USERS } from '../../../../harness/api/seed.ts';
import {
  buildParentContext,
  type ControlState,
  contextMessage,
  maskToken,
  maskTokens,
} from '../../../../harness/serve/parent-page/context.ts';

const lukas = SEEDED_USERS[1]!;
const state: ControlState = {
  locale: 'de',
  theme: 'light-green',
  darkMode: true,
  fontSize: 'large',
  user: lukas,
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJ3aWQiOiJ4In0.sig',
  playerData: DEMO_PLAYER_DATA.lukas!,
};

test('the context carries every field a portal sends, for the chosen learner', () => {
  const ctx = buildParentContext(state, '/app/toc');
  assert.is(ctx.rootOrg, lukas.rootOrg);
  assert.is(ctx.org, lukas.org);
  assert.is(ctx.url, '/app/toc');
  assert.is(ctx.locale, 'de');
  assert.equal(ctx.theme, { name: 'light green' });
  assert.is(ctx.darkMode, true);
  assert.is(ctx.fontSize, 'large');
  assert.is(ctx.fontClass, 'custom-typography');
  assert.equal(ctx.user, {
    token: state.token,
    email: lukas.email,
    firstName: lukas.firstName,
    lastName: lukas.lastName,
    userId: lukas.wid,
    roles: ['learner'],
  });
  assert.equal(ctx.playerData, DEMO_PLAYER_DATA.lukas);
  assert.is.not(ctx.playerData, DEMO_PLAYER_DATA.lukas, 'a copy, so the page cannot mutate the shared data');
});

test('without player data the field is left out', () => {
  assert.not.ok('playerData' in buildParentContext({ ...state, playerData: null }, '/'));
});

test('messages are NOTES-named with the given request id', () => {
  const m = contextMessage('CONTEXT_CHANGE', state, '/');
  assert.is(m.subApplicationName, 'NOTES');
  assert.is(m.requestId, 'CONTEXT_CHANGE');
});

test('tokens are masked everywhere in a logged payload, nothing else changes', () => {
  assert.is(maskToken('eyJhbGciOi'), 'eyJh…(masked)');
  const masked = maskTokens(contextMessage('LOADED', state, '/')) as {
    parentContext: { user: { token: string; email: string } };
  };
  assert.is(masked.parentContext.user.token, 'eyJh…(masked)');
  assert.is(masked.parentContext.user.email, lukas.email);
  assert.not.match(JSON.stringify(masked), /eyJhbGciOiJIUzI1NiJ9/);
  assert.equal(maskTokens([{ Token: 'abcdef' }, 1, null]), [{ Token: 'abcd…(masked)' }, 1, null]);
});

test.run();
