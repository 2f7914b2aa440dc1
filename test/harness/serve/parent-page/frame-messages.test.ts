import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createFrameMessageHandler,
  type FrameMessage,
} from '../../../../harness/serve/parent-page/frame-messages.ts';
import { createMessageLog } from '../../../../harness/serve/parent-page/message-log.ts';
import { PLAYER_IDLE_TEXT } from '../../../../harness/serve/parent-page/seek-status.ts';

const APP = 'http://127.0.0.1:4300';

const setup = () => {
  const { document } = parseHTML(
    `<p id="status" role="status">${PLAYER_IDLE_TEXT}</p><div id="log" role="log"></div>`,
  );
  const playerStatus = document.getElementById('status') as unknown as HTMLElement;
  const list = document.getElementById('log') as unknown as HTMLElement;
  const frame = {} as MessageEventSource;
  let loaded = 0;
  const auth: { data: unknown; origin: string }[] = [];
  const handle = createFrameMessageHandler({
    frameWindow: () => frame,
    appOrigin: APP,
    log: createMessageLog(list),
    playerStatus,
    onLoaded: () => {
      loaded += 1;
    },
    onAuthRequest: (data, origin) => auth.push({ data, origin }),
  });
  const fromFrame = (data: unknown, origin = APP): FrameMessage => ({ data, origin, source: frame });
  const last = () => list.lastElementChild?.textContent ?? '';
  return { handle, fromFrame, frame, playerStatus, list, last, auth, loaded: () => loaded };
};

test('a SEEK from the frame updates the player status line and is logged as received', () => {
  const s = setup();
  s.handle(s.fromFrame({ subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', seconds: 192 }));
  assert.is(s.playerStatus.textContent, 'Player would seek to 03:12');
  assert.match(s.last(), /^app → parent.*SEEKfrom http:\/\/127\.0\.0\.1:4300Player would seek to 03:12/);
  s.handle(s.fromFrame({ subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r2', page: 4 }));
  assert.is(s.playerStatus.textContent, 'Player would turn to p. 4');
  assert.is(s.loaded(), 0);
});

test('a malformed SEEK is ignored with its reason; the status line keeps its text', () => {
  const s = setup();
  s.handle(s.fromFrame({ subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', seconds: 'soon' }));
  assert.is(s.playerStatus.textContent, PLAYER_IDLE_TEXT);
  assert.match(s.last(), /^ignored.*SEEK.*malformed SEEK: seconds must be a finite number, 0 or more/);
});

test('a SEEK from anyone but the frame, or from another origin, is ignored and changes nothing', () => {
  const s = setup();
  const data = { subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r1', page: 9 };
  s.handle({ data, origin: APP, source: {} as MessageEventSource });
  assert.match(s.last(), /^ignored.*not from the Notes frame/);
  s.handle(s.fromFrame(data, 'http://127.0.0.2:4300'));
  assert.match(s.last(), /^ignored.*from http:\/\/127\.0\.0\.2:4300not from the Notes frame/);
  s.handle({ data, origin: APP, source: null });
  assert.match(s.last(), /^ignored/);
  assert.is(s.playerStatus.textContent, PLAYER_IDLE_TEXT);
  assert.is(s.list.children.length, 3);
});

test('LOADED is logged, then answered; other messages are only logged', () => {
  const s = setup();
  s.handle(s.fromFrame({ subApplicationName: 'NOTES', requestId: 'LOADED' }));
  assert.is(s.loaded(), 1);
  assert.match(s.last(), /^app → parent.*LOADED/);
  s.handle(s.fromFrame({ subApplicationName: 'OTHER', requestId: 'LOADED' }));
  s.handle(s.fromFrame('hello'));
  assert.is(s.loaded(), 1);
  assert.match(s.last(), /^app → parent.*\(no requestId\)/);
});

test('an AUTH_REQUEST from the Notes frame goes to the token handshake, unlogged and unchecked here', () => {
  const s = setup();
  const request = { subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id: 'r-1' } };
  s.handle(s.fromFrame(request));
  s.handle(s.fromFrame({ type: 'AUTH_REQUEST', data: 'junk' }));
  assert.equal(s.auth, [
    { data: request, origin: APP },
    { data: { type: 'AUTH_REQUEST', data: 'junk' }, origin: APP },
  ]);
  assert.is(s.list.children.length, 0, 'auth-request.ts logs what it does with it');
  assert.is(s.loaded(), 0);
});

test('an AUTH_REQUEST from anyone but the frame, or from another origin, is ignored and logged by its type', () => {
  const s = setup();
  const request = { subApplicationName: 'NOTES', type: 'AUTH_REQUEST', data: { id: 'r-1' } };
  s.handle({ data: request, origin: APP, source: {} as MessageEventSource });
  assert.match(s.last(), /^ignored.*AUTH_REQUEST.*not from the Notes frame/);
  s.handle(s.fromFrame(request, 'http://localhost:4300'));
  assert.match(s.last(), /^ignored.*AUTH_REQUESTfrom http:\/\/localhost:4300not from the Notes frame/);
  assert.equal(s.auth, []);
});

test.run();
