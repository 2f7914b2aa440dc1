import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  parseParentContext,
  parsePlayerData,
  parseUser,
  userWithToken,
} from '../../src/bridge/parse-context.ts';
import type { ParentContext } from '../../src/protocol/messages.ts';
import { makeJwt } from '../fakes/fake-jwt.ts';
import { LEARNER_ID_CASES } from '../fixtures/learner-id-cases.ts';

const CLAIMS = { email: 'claim@example.com', given_name: 'Zoë', family_name: 'राहुल', wid: 'w-claim' };
const TOKEN = makeJwt(CLAIMS);

/** A minimal valid wire context; `over` replaces fields. */
const wire = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  rootOrg: 'Infosys',
  org: 'Infosys Ltd',
  user: { token: TOKEN },
  ...over,
});

/** Parses and insists on success, so each test reads the context directly. */
const accept = (raw: unknown): ParentContext => {
  const result = parseParentContext(raw);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.context;
};

/** Parses and insists on refusal, returning the message. */
const refuse = (raw: unknown): string => {
  const result = parseParentContext(raw);
  if (result.ok) throw new Error('accepted a context that should be refused');
  return result.error;
};

test('a minimal context gets every default', () => {
  assert.equal(accept(wire()), {
    rootOrg: 'Infosys',
    org: 'Infosys Ltd',
    url: '',
    locale: 'en',
    theme: { name: 'blue' },
    darkMode: false,
    fontSize: 'medium',
    fontClass: 'custom-typography',
    user: {
      token: TOKEN,
      email: 'claim@example.com',
      firstName: 'Zoë',
      lastName: 'राहुल',
      userId: 'w-claim',
      roles: [],
    },
    playerData: null,
  });
});

test('a full context is kept as sent', () => {
  const context = accept(
    wire({
      url: '/app/toc/lex_123/overview',
      locale: 'fr',
      theme: { name: 'cobalt' },
      darkMode: true,
      fontSize: 'x-large',
      fontClass: 'mono-typography',
      user: {
        token: TOKEN,
        email: 'own@example.com',
        firstName: 'Own',
        lastName: 'Name',
        userId: 'w-own',
        roles: ['learner'],
      },
      playerData: { resourceId: 'r1', courseId: 'c1', currentTime: 12.5 },
    }),
  );
  assert.is(context.url, '/app/toc/lex_123/overview');
  assert.is(context.locale, 'fr');
  assert.equal(context.theme, { name: 'cobalt' });
  assert.is(context.darkMode, true);
  assert.is(context.fontSize, 'x-large');
  assert.is(context.fontClass, 'mono-typography');
  assert.equal(context.user, {
    token: TOKEN,
    email: 'own@example.com',
    firstName: 'Own',
    lastName: 'Name',
    userId: 'w-own',
    roles: ['learner'],
  });
  assert.equal(context.playerData, { resourceId: 'r1', courseId: 'c1', currentTime: 12.5 });
});

const REQUIRED: [label: string, raw: Record<string, unknown>, field: string][] = [
  ['rootOrg missing', wire({ rootOrg: undefined }), 'rootOrg'],
  ['rootOrg empty', wire({ rootOrg: '' }), 'rootOrg'],
  ['rootOrg blank', wire({ rootOrg: '   ' }), 'rootOrg'],
  ['rootOrg a number', wire({ rootOrg: 7 }), 'rootOrg'],
];
for (const [label, raw, field] of REQUIRED) {
  test(`refuses when ${label}, naming ${field}`, () => {
    assert.match(refuse(raw), field);
  });
}

test('org missing, empty or not a string → rootOrg (the real portal sends none)', () => {
  for (const org of [undefined, null, '', '   ', { name: 'x' }, 7]) {
    assert.is(accept(wire({ org })).org, 'Infosys', String(org));
  }
});

test('no token in the context: accepted with token "" (the early start asks the portal)', () => {
  const none = { token: '', email: '', firstName: '', lastName: '', userId: '', roles: [] };
  for (const user of [undefined, null, TOKEN, {}, { token: '' }, { token: '  ' }, { token: 123 }]) {
    assert.equal(accept(wire({ user })).user, none, JSON.stringify(user) ?? 'undefined');
  }
  assert.equal(accept(wire({ user: { email: 'a@b.c', userId: 'w-9' } })).user, {
    ...none,
    email: 'a@b.c',
    userId: 'w-9',
  });
});

test('a refusal message never carries the token', () => {
  assert.not.match(refuse(wire({ rootOrg: '' })), TOKEN.split('.')[1] ?? TOKEN);
  for (const [, raw] of REQUIRED) assert.not.match(refuse(raw), TOKEN.split('.')[1] ?? TOKEN);
});

test('non-object contexts are refused, never thrown', () => {
  for (const raw of [null, undefined, [], [wire()], 'string', 42, true, () => wire()]) {
    const result = parseParentContext(raw);
    assert.is(result.ok, false);
  }
});

test('darkMode is true only for the boolean true', () => {
  for (const value of ['true', 1, 'yes', {}, [], null, undefined, false]) {
    assert.is(accept(wire({ darkMode: value })).darkMode, false, String(value));
  }
  assert.is(accept(wire({ darkMode: true })).darkMode, true);
});

test('url defaults to empty for anything but a string', () => {
  assert.is(accept(wire({ url: 42 })).url, '');
  assert.is(accept(wire({ url: null })).url, '');
  assert.is(accept(wire({ url: '/x/view' })).url, '/x/view');
});

test('fontSize and fontClass fall back to their defaults when unknown', () => {
  const context = accept(wire({ fontSize: 'huge', fontClass: 'comic-sans' }));
  assert.is(context.fontSize, 'medium');
  assert.is(context.fontClass, 'custom-typography');
  assert.is(accept(wire({ fontSize: 'MEDIUM' })).fontSize, 'medium');
  assert.is(accept(wire({ fontSize: 'small', fontClass: 'serif-typography' })).fontSize, 'small');
  assert.is(accept(wire({ fontClass: 'serif-typography' })).fontClass, 'serif-typography');
});

const THEMES: [unknown, string][] = [
  [{ name: 'Light Green' }, 'light-green'],
  [{ name: 'ocean_whisper_blue' }, 'ocean-whisper-blue'],
  [{ name: 'DARK MODE' }, 'dark-mode'],
  [{ name: 'gypsum-night' }, 'gypsum-night'],
  [{ name: 'fuchsia' }, 'blue'],
  [{ name: 42 }, 'blue'],
  [{}, 'blue'],
  ['cobalt', 'blue'],
  [null, 'blue'],
  [['cobalt'], 'blue'],
];
for (const [theme, expected] of THEMES) {
  test(`theme ${JSON.stringify(theme)} → ${expected}`, () => {
    assert.equal(accept(wire({ theme })).theme, { name: expected });
  });
}

test('locale garbage falls back to en; valid tags pass', () => {
  for (const locale of [
    '../../etc',
    'en<script>',
    123,
    '',
    'e',
    'en us',
    'en/US',
    `en-${'x'.repeat(40)}`,
    null,
    {},
  ]) {
    assert.is(accept(wire({ locale })).locale, 'en', String(locale));
  }
  assert.is(accept(wire({ locale: 'en-US' })).locale, 'en-US');
  assert.is(accept(wire({ locale: 'pt_BR' })).locale, 'pt-BR');
  assert.is(accept(wire({ locale: 'ar' })).locale, 'ar');
});

test('parseUser fills missing fields from the claims', () => {
  assert.equal(parseUser({ token: TOKEN }), {
    token: TOKEN,
    email: 'claim@example.com',
    firstName: 'Zoë',
    lastName: 'राहुल',
    userId: 'w-claim',
    roles: [],
  });
});

test("parseUser: the user's own fields win over the claims, field by field", () => {
  const user = parseUser({ token: TOKEN, firstName: 'Own', userId: 'w-own' });
  assert.ok(user);
  assert.is(user.firstName, 'Own');
  assert.is(user.userId, 'w-own');
  assert.is(user.lastName, 'राहुल');
  assert.is(user.email, 'claim@example.com');
});

test('parseUser: empty or wrong-typed own fields are filled from the claims', () => {
  const user = parseUser({ token: TOKEN, email: '', firstName: 7, lastName: null, userId: '  ' });
  assert.ok(user);
  assert.is(user.email, 'claim@example.com');
  assert.is(user.firstName, 'Zoë');
  assert.is(user.lastName, 'राहुल');
  assert.is(user.userId, 'w-claim');
});

test('parseUser: wrong-typed claims fill nothing', () => {
  const user = parseUser({ token: makeJwt({ email: 5, given_name: ['x'], family_name: {}, wid: null }) });
  assert.equal(user && { ...user, token: '' }, {
    token: '',
    email: '',
    firstName: '',
    lastName: '',
    userId: '',
    roles: [],
  });
});

test('parseUser: roles default to [] and non-strings are dropped', () => {
  assert.equal(parseUser({ token: TOKEN })?.roles, []);
  assert.equal(parseUser({ token: TOKEN, roles: 'admin' })?.roles, []);
  assert.equal(parseUser({ token: TOKEN, roles: { 0: 'admin' } })?.roles, []);
  assert.equal(parseUser({ token: TOKEN, roles: ['learner', 3, null, { r: 1 }, 'author', ['x']] })?.roles, [
    'learner',
    'author',
  ]);
});

test('parseUser: a malformed token fills nothing and does not throw', () => {
  for (const token of ['not-a-jwt', 'a.b.c', 'x.!!!.y', 'a.bnVsbA.c', `a.${'e'.repeat(16000)}.c`]) {
    assert.equal(
      parseUser({ token }),
      { token, email: '', firstName: '', lastName: '', userId: '', roles: [] },
      token.slice(0, 20),
    );
  }
});

test('parseUser: a malformed token still lets the context through', () => {
  const context = accept(wire({ user: { token: 'opaque-session-token', email: 'e@x.io' } }));
  assert.equal(context.user, {
    token: 'opaque-session-token',
    email: 'e@x.io',
    firstName: '',
    lastName: '',
    userId: '',
    roles: [],
  });
});

test('parseUser: no object, no token or a token over 16 kB → a user with token ""', () => {
  for (const raw of [
    null,
    undefined,
    'token',
    42,
    [],
    [{ token: TOKEN }],
    {},
    { token: '' },
    { token: '  ' },
    { token: 5 },
    { token: `a.${'e'.repeat(20000)}.c` },
  ]) {
    assert.is(parseUser(raw).token, '');
  }
});

test('userWithToken: a token handed over later fills what the context left empty, wid else sub', () => {
  const portal = parseUser({ firstName: 'ravi.kumar', lastName: undefined, userId: '', roles: ['public'] });
  assert.equal(userWithToken(portal, TOKEN), {
    token: TOKEN,
    email: 'claim@example.com',
    firstName: 'ravi.kumar',
    lastName: 'राहुल',
    userId: 'w-claim',
    roles: ['public'],
  });
  const keycloak = makeJwt({ sub: 'f:5a8a3f2b:8454cb21', given_name: 'Ravi' });
  assert.is(userWithToken(portal, keycloak).userId, '8454cb21', "the service's learner id: sub's tail");
  assert.is(userWithToken({ ...portal, userId: 'own' }, keycloak).userId, 'own');
  for (const [claims, id] of LEARNER_ID_CASES)
    assert.is(userWithToken(portal, makeJwt(claims)).userId, id, JSON.stringify(claims));
});

test('parsePlayerData: no resourceId → null', () => {
  for (const raw of [
    null,
    undefined,
    'r1',
    42,
    [],
    {},
    { resourceId: '' },
    { resourceId: 5 },
    { courseId: 'c1' },
  ]) {
    assert.is(parsePlayerData(raw), null);
  }
});

test('parsePlayerData keeps every well-typed field', () => {
  const full = {
    resourceId: 'r1',
    moduleId: 'm1',
    courseId: 'c1',
    resourceTitle: 'Intro',
    moduleTitle: 'Module',
    courseTitle: 'Course',
    mimeType: 'video/mp4',
    currentTime: 0,
    page: 4,
    appRef: 'app-1',
  };
  assert.equal(parsePlayerData(full), full);
});

test('parsePlayerData drops wrong-typed strings and unknown keys', () => {
  assert.equal(
    parsePlayerData({
      resourceId: 'r1',
      moduleId: 5,
      courseId: null,
      resourceTitle: ['t'],
      mimeType: '',
      appRef: {},
      extra: 'x',
    }),
    { resourceId: 'r1' },
  );
});

test('parsePlayerData drops negative, NaN, infinite and string currentTime', () => {
  for (const currentTime of [-1, Number.NaN, Number.POSITIVE_INFINITY, '12', null]) {
    assert.equal(
      parsePlayerData({ resourceId: 'r1', currentTime }),
      { resourceId: 'r1' },
      String(currentTime),
    );
  }
  assert.equal(parsePlayerData({ resourceId: 'r1', currentTime: 192.4 }), {
    resourceId: 'r1',
    currentTime: 192.4,
  });
});

test('parsePlayerData keeps only positive integer pages', () => {
  for (const page of [0, -3, 2.5, Number.NaN, '4', Number.POSITIVE_INFINITY]) {
    assert.equal(parsePlayerData({ resourceId: 'r1', page }), { resourceId: 'r1' }, String(page));
  }
  assert.equal(parsePlayerData({ resourceId: 'r1', page: 1 }), { resourceId: 'r1', page: 1 });
});

test('a bad playerData never refuses the context', () => {
  assert.is(accept(wire({ playerData: 'r1' })).playerData, null);
  assert.is(accept(wire({ playerData: { currentTime: 3 } })).playerData, null);
});

test('deeply wrong objects never throw', () => {
  const hostile: unknown[] = [
    { rootOrg: {}, org: [], user: { token: {} }, theme: 'x', playerData: [] },
    wire({
      theme: { name: { toString: () => 'cobalt' } },
      user: { token: TOKEN, roles: [[[]]] },
      playerData: { resourceId: 'r', page: {} },
    }),
    Object.create(null),
    Object.assign(Object.create(null), wire()),
    new Date(),
    new Map([['rootOrg', 'x']]),
  ];
  for (const raw of hostile) {
    assert.not.throws(() => parseParentContext(raw));
    assert.not.throws(() => parseUser(raw));
    assert.not.throws(() => parsePlayerData(raw));
  }
  const nullProto = parseParentContext(Object.assign(Object.create(null), wire()));
  assert.is(nullProto.ok, true);
});

test.run();
