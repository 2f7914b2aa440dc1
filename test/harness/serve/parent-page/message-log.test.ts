import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageLog } from '../../../../harness/serve/parent-page/message-log.ts';

const setup = () => {
  const { document } = parseHTML('<div id="log" role="log"></div>');
  const list = document.getElementById('log') as unknown as HTMLElement;
  const log = createMessageLog(list, () => new Date(2024, 0, 2, 13, 4, 5, 6));
  return { list, log };
};

test('each entry shows direction, time, requestId and origin', () => {
  const { list, log } = setup();
  log.add({
    direction: 'received',
    requestId: 'LOADED',
    origin: 'http://127.0.0.1:4300',
    payload: { requestId: 'LOADED' },
  });
  log.add({ direction: 'sent', requestId: 'CONTEXT_CHANGE', origin: 'http://127.0.0.1:4300' });
  log.add({
    direction: 'ignored',
    requestId: '(no requestId)',
    origin: 'http://evil.test',
    detail: 'not from the Notes frame',
  });
  const [first, second, third] = [...list.children].map((c) => c.textContent ?? '');
  assert.match(first!, /^app → parent13:04:05\.006LOADEDfrom http:\/\/127\.0\.0\.1:4300payload/);
  assert.match(second!, /^parent → app.*CONTEXT_CHANGEto http:\/\/127\.0\.0\.1:4300$/);
  assert.match(third!, /^ignored.*from http:\/\/evil\.testnot from the Notes frame$/);
});

test('payload tokens are masked in the log', () => {
  const { list, log } = setup();
  log.add({
    direction: 'sent',
    requestId: 'LOADED',
    origin: 'o',
    payload: { parentContext: { user: { token: 'eyJhbGciOiJIUzI1NiJ9.x.y' } } },
  });
  const text = list.textContent ?? '';
  assert.match(text, /eyJh…\(masked\)/);
  assert.not.match(text, /eyJhbGciOiJIUzI1NiJ9/);
});

test('the log keeps the newest 200 entries and can be cleared', () => {
  const { list, log } = setup();
  for (let i = 0; i < 205; i += 1) log.add({ direction: 'note', requestId: `n${i}`, origin: 'o' });
  assert.is(list.children.length, 200);
  assert.match(list.firstElementChild?.textContent ?? '', /n5/);
  log.clear();
  assert.is(list.children.length, 0);
});

test.run();
