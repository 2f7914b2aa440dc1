import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseParentContext } from '../../src/bridge/parse-context.ts';
import { FONT_SIZES, type ParentContext } from '../../src/protocol/messages.ts';
import {
  livePortalContext,
  PORTAL_FONT_SIZES,
  PORTAL_TOKEN,
  PORTAL_VERSIONS,
} from '../fixtures/portal-contexts.ts';

const accept = (raw: unknown): ParentContext => {
  const result = parseParentContext(raw);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.context;
};

for (const [name, raw] of PORTAL_VERSIONS) {
  test(`the portal's context is accepted: ${name}`, () => {
    const context = accept(raw);
    assert.is(context.rootOrg, 'igot');
    assert.is(context.org, 'igot', 'org = rootOrg');
    assert.is(context.theme.name, 'blue', '"iGOT Theme" or "" → the default theme');
    assert.is(context.playerData, null);
    assert.equal(context.user.roles.length > 0, true);
    assert.not.ok('domainName' in context || 'heartbeatFrequency' in context, 'unknown fields dropped');
  });
}

test('the live portal: no token yet, the names it sent kept, userId left for the token', () => {
  assert.equal(accept(livePortalContext()).user, {
    token: '',
    email: '',
    firstName: 'ravi.kumar',
    lastName: '',
    userId: '',
    roles: ['public'],
  });
});

test('an older portal: the token in the context fills what is missing', () => {
  const [, older] = PORTAL_VERSIONS[1] ?? [];
  assert.equal(accept(older).user, {
    token: PORTAL_TOKEN,
    email: 'ravi.kumar@example.gov.in',
    firstName: 'ravi.kumar',
    lastName: 'Kumar',
    userId: '8454cb21-3ce9-4e30-85b5-fade097880d8',
    roles: ['public'],
  });
});

test('every pixel size the portal offers maps to its own size, in order', () => {
  const sizes = PORTAL_FONT_SIZES.map((fontSize) => accept(livePortalContext({ fontSize })).fontSize);
  assert.equal(sizes, [...FONT_SIZES]);
});

test('other pixel sizes go to the nearest; names still work; anything else is medium', () => {
  const size = (fontSize: unknown) => accept(livePortalContext({ fontSize })).fontSize;
  assert.is(size('8px'), 'x-small');
  assert.is(size('11px'), 'small');
  assert.is(size('13px'), 'medium');
  assert.is(size('15.5px'), 'large');
  assert.is(size('17px'), 'x-large');
  assert.is(size('40px'), 'x-large');
  assert.is(size('large'), 'large');
  for (const odd of ['14', 14, '14 px', 'px', '-2px', '1e3px', '', null, {}, '14pt']) {
    assert.is(size(odd), 'medium', String(odd));
  }
});

test('the url keeps its query as sent (the route rule reads the app’s own path, not this)', () => {
  assert.is(accept(livePortalContext()).url, '/viewer/html/do_1137?collectionId=do_1130&viewMode=RESUME');
});

test.run();
