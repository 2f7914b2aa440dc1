import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sameOrigin } from '../../../../harness/serve/parent-page/same-origin.ts';

test('same scheme, host and effective port', () => {
  assert.ok(sameOrigin('http://127.0.0.1:4300', 'http://127.0.0.1:4300/'));
  assert.ok(sameOrigin('http://localhost:80', 'http://localhost'));
  assert.ok(sameOrigin('HTTP://LOCALHOST:4300', 'http://localhost:4300'));
});

test('anything else differs, including look-alikes and opaque origins', () => {
  assert.not.ok(sameOrigin('http://127.0.0.1:4300', 'http://127.0.0.1:4301'));
  assert.not.ok(sameOrigin('http://127.0.0.1:4300', 'https://127.0.0.1:4300'));
  assert.not.ok(sameOrigin('http://127.0.0.1:4300.evil.io', 'http://127.0.0.1:4300'));
  assert.not.ok(sameOrigin('null', 'null'));
  assert.not.ok(sameOrigin('', 'http://127.0.0.1:4300'));
});

test.run();
