import { parseHTML } from 'linkedom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageLog } from '../../../../harness/serve/parent-page/message-log.ts';
import {
  handleSeek,
  PLAYER_IDLE_TEXT,
  seekStatusText,
} from '../../../../harness/serve/parent-page/seek-status.ts';

const APP = 'http://127.0.0.1:4300';
const seek = (extra: Record<string, unknown>) => ({
  subApplicationName: 'NOTES',
  requestId: 'SEEK',
  refId: 'res-ml-linear-video',
  ...extra,
});

const setup = () => {
  const { document } = parseHTML(
    `<p id="status" role="status">${PLAYER_IDLE_TEXT}</p><div id="log" role="log"></div>`,
  );
  const status = document.getElementById('status') as unknown as HTMLElement;
  const list = document.getElementById('log') as unknown as HTMLElement;
  const log = createMessageLog(list, () => new Date(2024, 0, 2, 13, 4, 5, 6));
  return { status, list, log };
};

test('status text: mm:ss, h:mm:ss past an hour, or a page', () => {
  const base = { subApplicationName: 'NOTES', requestId: 'SEEK', refId: 'r' } as const;
  assert.is(seekStatusText({ ...base, seconds: 192 }), 'Player would seek to 03:12');
  assert.is(seekStatusText({ ...base, seconds: 0 }), 'Player would seek to 00:00');
  assert.is(seekStatusText({ ...base, seconds: 3723.9 }), 'Player would seek to 1:02:03');
  assert.is(seekStatusText({ ...base, page: 4 }), 'Player would turn to p. 4');
});

test('a SEEK to a time is logged as received and shown on the status line', () => {
  const { status, list, log } = setup();
  handleSeek(seek({ seconds: 192 }), APP, log, status);
  assert.is(status.textContent, 'Player would seek to 03:12');
  const entry = list.lastElementChild!;
  assert.ok(entry.classList.contains('received'));
  assert.match(entry.textContent ?? '', /^app → parent13:04:05\.006SEEKfrom http:\/\/127\.0\.0\.1:4300/);
  assert.match(entry.textContent ?? '', /Player would seek to 03:12payload/);
});

test('a SEEK to a page says the player would turn to it', () => {
  const { status, log } = setup();
  handleSeek(seek({ page: 4 }), APP, log, status);
  assert.is(status.textContent, 'Player would turn to p. 4');
});

test('a malformed SEEK is logged as ignored with the reason and leaves the status line alone', () => {
  const { status, list, log } = setup();
  handleSeek(seek({ seconds: 10 }), APP, log, status);
  for (const [data, reason] of [
    [seek({ seconds: -3 }), 'seconds must be a finite number, 0 or more'],
    [seek({ page: 1.5 }), 'page must be a whole number, 1 or more'],
    [seek({ refId: '', page: 2 }), 'refId must be a non-empty string'],
    [seek({}), 'seconds or page is required'],
    [seek({ subApplicationName: 'QUIZ', page: 2 }), 'subApplicationName is not NOTES'],
  ] as const) {
    handleSeek(data, APP, log, status);
    const entry = list.lastElementChild!;
    assert.ok(entry.classList.contains('ignored'), reason);
    assert.match(entry.textContent ?? '', `malformed SEEK: ${reason}`);
  }
  assert.is(status.textContent, 'Player would seek to 00:10');
});

test.run();
