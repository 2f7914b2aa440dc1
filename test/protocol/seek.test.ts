import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSeekMessage, seekMessageProblem } from '../../src/protocol/seek.ts';

const seek = (extra: Record<string, unknown>): Record<string, unknown> => ({
  subApplicationName: 'NOTES',
  requestId: 'SEEK',
  refId: 'res-ml-linear-video',
  ...extra,
});

test('a time seek and a page seek parse to exactly the wire fields', () => {
  assert.equal(parseSeekMessage(seek({ seconds: 192 })), {
    subApplicationName: 'NOTES',
    requestId: 'SEEK',
    refId: 'res-ml-linear-video',
    seconds: 192,
  });
  assert.equal(parseSeekMessage(seek({ page: 4 })), {
    subApplicationName: 'NOTES',
    requestId: 'SEEK',
    refId: 'res-ml-linear-video',
    page: 4,
  });
  assert.equal(parseSeekMessage(seek({ seconds: 0 }))?.seconds, 0);
  assert.equal(parseSeekMessage(seek({ seconds: 12.5 }))?.seconds, 12.5);
});

test('extra fields do not ride along', () => {
  const parsed = parseSeekMessage(seek({ seconds: 5, token: 'eyJ…', text: 'note body' }));
  assert.equal(Object.keys(parsed ?? {}).sort(), ['refId', 'requestId', 'seconds', 'subApplicationName']);
});

test('malformed messages are null, each with a reason that never quotes the payload', () => {
  const cases: [unknown, string][] = [
    [null, 'not an object'],
    ['SEEK', 'not an object'],
    [[seek({ seconds: 1 })], 'not an object'],
    [seek({ subApplicationName: 'OTHER', seconds: 1 }), 'subApplicationName is not NOTES'],
    [seek({ requestId: 'LOADED', seconds: 1 }), 'requestId is not SEEK'],
    [seek({ refId: '', seconds: 1 }), 'refId must be a non-empty string'],
    [seek({ refId: '  ', seconds: 1 }), 'refId must be a non-empty string'],
    [seek({ refId: 42, seconds: 1 }), 'refId must be a non-empty string'],
    [seek({}), 'seconds or page is required'],
    [seek({ seconds: 1, page: 2 }), 'give seconds or page, not both'],
    [seek({ seconds: -1 }), 'seconds must be a finite number, 0 or more'],
    [seek({ seconds: Number.NaN }), 'seconds must be a finite number, 0 or more'],
    [seek({ seconds: Number.POSITIVE_INFINITY }), 'seconds must be a finite number, 0 or more'],
    [seek({ seconds: '192' }), 'seconds must be a finite number, 0 or more'],
    [seek({ page: 0 }), 'page must be a whole number, 1 or more'],
    [seek({ page: 2.5 }), 'page must be a whole number, 1 or more'],
    [seek({ page: '4' }), 'page must be a whole number, 1 or more'],
  ];
  for (const [data, reason] of cases) {
    assert.is(parseSeekMessage(data), null, reason);
    assert.is(seekMessageProblem(data), reason);
  }
  assert.is(seekMessageProblem(seek({ page: 4 })), null);
});

test.run();
