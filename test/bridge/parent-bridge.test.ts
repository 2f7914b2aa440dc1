import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type AcceptedContext, startParentBridge } from '../../src/bridge/parent-bridge.ts';
import { makeJwt } from '../fakes/fake-jwt.ts';
import { createFakeBridgeWindow, type IncomingMessage } from '../fakes/fake-window.ts';
import { seededRandom } from '../support/seeded-random.ts';

const CONFIG = {
  allowedDomains: ['infosysapps.com', 'onwingspan.com', 'olympics.com'],
  devParentHost: 'lex-dev.infosysapps.com',
  localParents: true,
};
const TOKEN = makeJwt({ wid: 'w-7', given_name: 'Zoë', email: 'zoe@example.com' });
const TOKEN_PAYLOAD = TOKEN.split('.')[1] ?? '';
const ORIGIN = 'https://lex.infosysapps.com';

const wireContext = (over: Record<string, unknown> = {}) => ({
  rootOrg: 'Infosys',
  org: 'Infosys Ltd',
  url: '/app/view',
  locale: 'fr',
  theme: { name: 'Light Green' },
  darkMode: true,
  user: { token: TOKEN, roles: ['learner'] },
  playerData: { resourceId: 'r1', currentTime: 12 },
  ...over,
});

const message = (over: Record<string, unknown> = {}) => ({
  subApplicationName: 'NOTES',
  requestId: 'LOADED',
  parentContext: wireContext(),
  ...over,
});

function start() {
  const fake = createFakeBridgeWindow();
  const accepted: AcceptedContext[] = [];
  const warnings: string[] = [];
  const auth: unknown[] = [];
  const bridge = startParentBridge({
    window: fake.window,
    config: CONFIG,
    onContext: (a) => accepted.push(a),
    onAuthResponse: (m) => auth.push(m),
    warn: (m) => warnings.push(m),
  });
  const fromParent = (data: unknown, origin = ORIGIN) => fake.send({ data, origin, source: fake.parent });
  return { fake, accepted, warnings, auth, stop: bridge.stop, post: bridge.post, fromParent };
}

test('posts exactly one hello to the parent, targeting "*", carrying nothing else', () => {
  const { fake } = start();
  assert.is(fake.posted.length, 1);
  const [hello] = fake.posted;
  assert.is(hello?.targetOrigin, '*');
  assert.equal(hello?.message, { subApplicationName: 'NOTES', requestId: 'LOADED' });
  assert.equal(Object.keys(hello?.message as object).sort(), ['requestId', 'subApplicationName']);
});

test('listens before saying hello, so an instant answer is not missed', () => {
  const fake = createFakeBridgeWindow();
  const accepted: AcceptedContext[] = [];
  const parent = fake.parent;
  const post = parent.postMessage.bind(parent);
  parent.postMessage = (msg, target) => {
    post(msg, target);
    fake.send({ data: message(), origin: ORIGIN, source: parent });
  };
  startParentBridge({
    window: fake.window,
    config: CONFIG,
    onContext: (a) => accepted.push(a),
    warn: () => {},
  });
  assert.is(accepted.length, 1);
});

test('accepts LOADED from the parent on an allowed origin, with the parsed context', () => {
  const b = start();
  b.fromParent(message());
  assert.is(b.accepted.length, 1);
  const [a] = b.accepted;
  assert.is(a?.requestId, 'LOADED');
  assert.is(a?.parentHost, 'lex.infosysapps.com');
  assert.equal(a?.context, {
    rootOrg: 'Infosys',
    org: 'Infosys Ltd',
    url: '/app/view',
    locale: 'fr',
    theme: { name: 'light-green' },
    darkMode: true,
    fontSize: 'medium',
    fontClass: 'custom-typography',
    user: {
      token: TOKEN,
      email: 'zoe@example.com',
      firstName: 'Zoë',
      lastName: '',
      userId: 'w-7',
      roles: ['learner'],
    },
    playerData: { resourceId: 'r1', currentTime: 12 },
  });
  assert.equal(b.warnings, []);
});

test('accepts CONTEXT_CHANGE, and every later context', () => {
  const b = start();
  b.fromParent(message());
  b.fromParent(message({ requestId: 'CONTEXT_CHANGE', parentContext: wireContext({ darkMode: false }) }));
  b.fromParent(message({ requestId: 'CONTEXT_CHANGE' }));
  assert.equal(
    b.accepted.map((a) => [a.requestId, a.context.darkMode]),
    [
      ['LOADED', true],
      ['CONTEXT_CHANGE', false],
      ['CONTEXT_CHANGE', true],
    ],
  );
});

test('a local development parent stands for the dev parent host', () => {
  const b = start();
  b.fromParent(message(), 'http://localhost:4200');
  assert.is(b.accepted[0]?.parentHost, 'lex-dev.infosysapps.com');
});

const IGNORED: [string, (b: ReturnType<typeof start>) => void][] = [
  ['a message from another window', (b) => b.fake.send({ data: message(), origin: ORIGIN, source: {} })],
  ['a message with no source', (b) => b.fake.send({ data: message(), origin: ORIGIN, source: null })],
  ['a hostile origin', (b) => b.fromParent(message(), 'https://infosysapps.com.evil.io')],
  ['an http origin', (b) => b.fromParent(message(), 'http://lex.infosysapps.com')],
  ["the 'null' origin", (b) => b.fromParent(message(), 'null')],
  ['no parentContext', (b) => b.fromParent(message({ parentContext: undefined }))],
  ['a string parentContext', (b) => b.fromParent(message({ parentContext: JSON.stringify(wireContext()) }))],
  [
    'a context without rootOrg',
    (b) => b.fromParent(message({ parentContext: wireContext({ rootOrg: '' }) })),
  ],
  ['a context without rootOrg', (b) => b.fromParent(message({ parentContext: wireContext({ rootOrg: 7 }) }))],
  ['string data', (b) => b.fromParent(JSON.stringify(message()))],
  ['null data', (b) => b.fromParent(null)],
  ['number data', (b) => b.fromParent(42)],
  ['undefined data', (b) => b.fromParent(undefined)],
  ['array data', (b) => b.fromParent([message()])],
  ['another sub-application', (b) => b.fromParent(message({ subApplicationName: 'QUIZ' }))],
];
for (const [label, send] of IGNORED) {
  test(`ignores ${label}`, () => {
    const b = start();
    assert.not.throws(() => send(b));
    assert.equal(b.accepted, []);
  });
}

test('another sub-application’s message is ignored silently', () => {
  const b = start();
  b.fromParent(message({ subApplicationName: 'QUIZ' }));
  b.fromParent({ subApplicationName: 'PLAYER', requestId: 'X' });
  assert.equal(b.warnings, []);
});

test('exactly one warning per rejected origin, however many messages', () => {
  const b = start();
  for (let i = 0; i < 25; i += 1) b.fromParent(message(), 'https://evil.io');
  for (let i = 0; i < 25; i += 1) b.fromParent(message(), 'https://evilinfosysapps.com');
  b.fromParent(message(), 'https://evil.io');
  assert.is(b.warnings.length, 2);
  assert.match(b.warnings[0] ?? '', 'https://evil.io');
  assert.match(b.warnings[1] ?? '', 'https://evilinfosysapps.com');
});

test('one warning for repeated invalid contexts from the allowed parent', () => {
  const b = start();
  for (let i = 0; i < 10; i += 1) b.fromParent(message({ parentContext: wireContext({ rootOrg: '' }) }));
  assert.is(b.warnings.length, 1);
  assert.match(b.warnings[0] ?? '', 'rootOrg');
  b.fromParent(message());
  assert.is(b.accepted.length, 1, 'a valid context afterwards is still accepted');
});

test('a warning never contains the token or the context', () => {
  const b = start();
  const secretUser = { token: TOKEN, email: 'secret@example.com' };
  b.fromParent(message({ parentContext: wireContext({ user: secretUser }) }), 'https://evil.io');
  b.fromParent(message({ parentContext: wireContext({ rootOrg: '', user: secretUser }) }));
  b.fake.send({
    data: message({ parentContext: wireContext({ user: secretUser }) }),
    origin: 'https://olympics.com',
    source: {},
  });
  b.fromParent(
    message({ parentContext: wireContext({ rootOrg: [], user: { ...secretUser, token: 7 } }) }),
    'https://onwingspan.com',
  );
  assert.is(b.warnings.length, 4);
  for (const w of b.warnings) {
    assert.not.match(w, TOKEN_PAYLOAD);
    assert.not.match(w, TOKEN);
    assert.not.match(w, 'secret@example.com');
  }
});

function randomValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * (depth > 3 ? 8 : 12));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rand() * 1e6 - 5e5;
    case 3:
      return Number.NaN;
    case 4:
      return rand() < 0.5;
    case 5:
      return ['', 'NOTES', 'LOADED', 'CONTEXT_CHANGE', 'x'.repeat(1000), '\u0000', 'null'][
        Math.floor(rand() * 7)
      ];
    case 6:
      return makeJwt({ wid: rand() });
    case 7:
      return Symbol('fuzz');
    case 8:
      return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
    case 9: {
      const keys = [
        'subApplicationName',
        'requestId',
        'parentContext',
        'rootOrg',
        'org',
        'user',
        'token',
        'theme',
        'name',
        'playerData',
        'roles',
        'locale',
      ];
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(rand() * 5); i += 1)
        obj[keys[Math.floor(rand() * keys.length)] ?? 'x'] = randomValue(rand, depth + 1);
      return obj;
    }
    case 10:
      return message({ parentContext: randomValue(rand, depth + 1) });
    default:
      return message({
        parentContext: {
          ...wireContext(),
          [['user', 'theme', 'playerData', 'locale', 'org'][Math.floor(rand() * 5)] ?? 'org']: randomValue(
            rand,
            depth + 1,
          ),
        },
      });
  }
}

test('fuzz: 200 seeded random payloads never throw', () => {
  const b = start();
  const rand = seededRandom(20240601);
  const origins = [ORIGIN, 'http://localhost:4200', 'https://evil.io', 'null', ''];
  for (let i = 0; i < 200; i += 1) {
    const incoming: IncomingMessage = {
      data: randomValue(rand),
      origin: origins[Math.floor(rand() * origins.length)] ?? ORIGIN,
      source: rand() < 0.8 ? b.fake.parent : null,
    };
    assert.not.throws(() => b.fake.send(incoming), `payload #${i}`);
  }
  for (const a of b.accepted) {
    assert.ok(a.context.rootOrg && a.context.org && a.context.user.token, 'only valid contexts get through');
  }
  assert.ok(b.accepted.length > 0, 'the fuzz reaches the accept path');
  for (const origin of origins) {
    const label = origin || '(unknown origin)';
    const count = b.warnings.filter((w) => w.includes(`from ${label} (`)).length;
    assert.ok(count <= 1, `${count} warnings for ${label}`);
  }
  assert.ok(b.warnings.length >= 2, 'the fuzz reaches the reject path');
});

test('the stop function removes the listener', () => {
  const b = start();
  assert.is(b.fake.listeners.size, 1);
  b.stop();
  assert.is(b.fake.listeners.size, 0);
  b.fromParent(message());
  assert.equal(b.accepted, []);
  assert.is(b.fake.posted.length, 1, 'stopping does not say hello again');
});

const SEEK = { subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', seconds: 192 } as const;

test('post before any accepted context sends nothing and says false', () => {
  const b = start();
  assert.is(b.post(SEEK), false);
  b.fromParent(message(), 'https://evil.io');
  b.fromParent(message({ parentContext: wireContext({ rootOrg: '' }) }));
  assert.is(b.post(SEEK), false, 'rejected messages do not count');
  assert.equal(
    b.fake.posted.map((p) => p.message),
    [{ subApplicationName: 'NOTES', requestId: 'LOADED' }],
    'only the hello went out',
  );
});

test('after an accepted context, post goes to exactly that origin, never "*"', () => {
  const b = start();
  b.fromParent(message());
  assert.is(b.post(SEEK), true);
  const last = b.fake.posted.at(-1);
  assert.equal(last, { message: SEEK, targetOrigin: ORIGIN });
  assert.is(b.fake.posted.filter((p) => p.targetOrigin === '*').length, 1, 'the hello alone used "*"');
});

test('after a later context from another allowed origin, post goes to the newer one', () => {
  const b = start();
  b.fromParent(message());
  b.fromParent(message({ requestId: 'CONTEXT_CHANGE' }), 'https://olympics.com');
  b.post(SEEK);
  assert.is(b.fake.posted.at(-1)?.targetOrigin, 'https://olympics.com');
});

test('a rejected message from another origin does not redirect posts', () => {
  const b = start();
  b.fromParent(message());
  b.fromParent(message(), 'https://evil.io');
  b.fake.send({ data: message(), origin: 'https://olympics.com', source: {} });
  b.fromParent(message({ parentContext: wireContext({ rootOrg: '' }) }), 'https://onwingspan.com');
  b.fromParent(message({ subApplicationName: 'QUIZ' }), 'https://onwingspan.com');
  b.post(SEEK);
  assert.is(b.fake.posted.at(-1)?.targetOrigin, ORIGIN);
});

test('a local development parent is posted to at its own origin', () => {
  const b = start();
  b.fromParent(message(), 'http://localhost:4200');
  b.post({ subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', page: 2 });
  assert.is(b.fake.posted.at(-1)?.targetOrigin, 'http://localhost:4200');
});

const AUTH_RESPONSE = {
  app: 'WEB_PORTAL',
  type: 'AUTH_RESPONSE',
  state: 'NONE',
  plugin: 'NONE',
  data: { token: TOKEN, id: 'id-1' },
};

test('an AUTH_RESPONSE is heard only from window.parent at the accepted origin', () => {
  const b = start();
  b.fromParent(AUTH_RESPONSE);
  assert.equal(b.auth, [], 'not before a context was accepted');
  b.fromParent(message());
  b.fake.send({ data: AUTH_RESPONSE, origin: ORIGIN, source: {} }); // a sibling frame, same origin
  b.fromParent(AUTH_RESPONSE, 'https://olympics.com'); // allowed, but not the accepted parent
  b.fromParent(AUTH_RESPONSE, 'https://lex.infosysapps.com.evil.io');
  assert.equal(b.auth, []);
  b.fromParent(AUTH_RESPONSE);
  assert.equal(b.auth, [AUTH_RESPONSE]);
  assert.is(b.accepted.length, 1, 'it is no context');
  for (const w of b.warnings) assert.not.match(w, TOKEN_PAYLOAD);
});

test('AUTH_REQUEST goes to the accepted parent’s origin only, never before a context', () => {
  const b = start();
  const ask = { subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id: 'id-1' } } as const;
  assert.is(b.post(ask), false);
  b.fromParent(message(), 'http://localhost:4200');
  assert.is(b.post(ask), true);
  assert.equal(b.fake.posted.at(-1), { message: ask, targetOrigin: 'http://localhost:4200' });
});

test.run();
