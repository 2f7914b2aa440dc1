import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  authResponse,
  createAuthRequestHandler,
  MAX_AUTH_ID_CHARS,
  parseAuthRequest,
} from '../../../../harness/serve/parent-page/auth-request.ts';
import { createMessageLog } from '../../../../harness/serve/parent-page/message-log.ts';
import type { AuthResponse } from '../../../../src/protocol/messages.ts';

const APP = 'http://127.0.0.1:4300';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ3aWQiOiJ4In0.sig';
const request = (id: unknown) => ({ subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id } });

const setup = (options: { answering?: boolean; mint?: () => Promise<string> } = {}) => {
  const { document } = parseHTML('<div id="log" role="log"></div>');
  const list = document.getElementById('log') as unknown as HTMLElement;
  const sent: { message: AuthResponse; target: string }[] = [];
  let minted = 0;
  const handle = createAuthRequestHandler({
    answering: () => options.answering ?? true,
    mintToken:
      options.mint ??
      (async () => {
        minted += 1;
        return `${TOKEN}${minted}`;
      }),
    send: (message, target) => sent.push({ message, target }),
    target: '*',
    log: createMessageLog(list),
  });
  const lines = () => [...list.children].map((c) => c.textContent ?? '');
  return { handle, sent, lines, minted: () => minted };
};

test('the answer has the real portal shape, with the token and the id', () => {
  assert.equal(authResponse('t', 'id-1'), {
    app: 'WEB_PORTAL',
    type: 'AUTH_RESPONSE',
    state: 'NONE',
    plugin: 'NONE',
    data: { token: 't', id: 'id-1' },
  });
});

test('parseAuthRequest takes a NOTES request with a non-empty string id, and says why not otherwise', () => {
  assert.equal(parseAuthRequest(request('abc')), { ok: true, id: 'abc' });
  const why = (data: unknown) => {
    const r = parseAuthRequest(data);
    return r.ok ? 'ok' : r.reason;
  };
  assert.is(why('AUTH_REQUEST'), 'not an object');
  assert.is(why(null), 'not an object');
  assert.is(why({ ...request('a'), subApplicationName: 'OTHER' }), 'subApplicationName must be "NOTES"');
  assert.is(why({ subApplicationName: 'NOTES', type: 'AUTH_REQUEST' }), 'data must be an object with an id');
  assert.is(why({ ...request('a'), data: ['a'] }), 'data must be an object with an id');
  for (const id of [undefined, 7, '', '  ', null])
    assert.is(why(request(id)), 'data.id must be a non-empty string');
  assert.is(why(request('x'.repeat(MAX_AUTH_ID_CHARS))), 'ok');
  assert.match(why(request('x'.repeat(MAX_AUTH_ID_CHARS + 1))), /longer than 200/);
});

test('a good request is logged, answered to the target with a fresh token and its id echoed', async () => {
  const s = setup();
  await s.handle(request('req-1'), APP);
  await s.handle(request('req-2'), APP);
  assert.equal(
    s.sent.map((x) => [x.target, x.message.data.id, x.message.data.token]),
    [
      ['*', 'req-1', `${TOKEN}1`],
      ['*', 'req-2', `${TOKEN}2`],
    ],
  );
  const [received, sent] = s.lines();
  assert.match(received!, /^app → parent.*AUTH_REQUESTfrom http:\/\/127\.0\.0\.1:4300/);
  assert.match(sent!, /^parent → app.*AUTH_RESPONSEto \*/);
  const all = s.lines().join('\n');
  assert.match(all, /eyJh…\(masked\)/);
  assert.not.match(all, /eyJhbGciOiJIUzI1NiJ9/, 'the token is masked in the log');
});

test('a malformed request is ignored with its reason and never answered', async () => {
  const s = setup();
  await s.handle({ subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: {} }, APP);
  await s.handle(request(''), APP);
  assert.equal(s.sent, []);
  assert.is(s.minted(), 0);
  assert.is(s.lines().length, 2);
  for (const line of s.lines())
    assert.match(line, /^ignored.*AUTH_REQUEST.*malformed AUTH_REQUEST: data\.id must be a non-empty string/);
});

test('with "Answer AUTH_REQUEST" off, the request is logged and left unanswered', async () => {
  const s = setup({ answering: false });
  await s.handle(request('req-9'), APP);
  assert.equal(s.sent, []);
  assert.is(s.minted(), 0);
  assert.match(s.lines()[1]!, /^note.*not answered: "Answer AUTH_REQUEST" is off \(id req-9\)/);
});

test('when no token can be minted, the log says so and nothing is sent', async () => {
  const s = setup({ mint: () => Promise.reject(new Error('HTTP 500')) });
  await s.handle(request('req-3'), APP);
  assert.equal(s.sent, []);
  assert.match(s.lines()[1]!, /not answered: no fresh token \(HTTP 500\)/);
});

test.run();
