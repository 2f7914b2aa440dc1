import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isHiddenPath, rewriteForSpa } from '../../../harness/serve/static-rules.ts';
import { createFakeDist } from '../../fakes/fake-dist.ts';

test('extension-less client routes fall back to index.html, keeping the query', () => {
  const dist = createFakeDist();
  try {
    assert.is(rewriteForSpa('/', dist.root), '/index.html');
    assert.is(rewriteForSpa('/view', dist.root), '/index.html');
    assert.is(rewriteForSpa('/course?id=1', dist.root), '/index.html?id=1');
    assert.is(rewriteForSpa('/assets', dist.root), '/index.html');
    assert.is(rewriteForSpa('/assets/main-AB12CD34.js', dist.root), '/assets/main-AB12CD34.js');
    assert.is(rewriteForSpa('/missing.png', dist.root), '/missing.png');
    assert.is(rewriteForSpa('/%E0%A4%A', dist.root), '/%E0%A4%A');
  } finally {
    dist.remove();
  }
});

test('hidden paths are recognised anywhere in the path', () => {
  assert.ok(isHiddenPath('/.env'));
  assert.ok(isHiddenPath('/assets/.git/config'));
  assert.not.ok(isHiddenPath('/assets/main-AB12CD34.js'));
  assert.not.ok(isHiddenPath('/view?x=.y'));
  assert.ok(isHiddenPath('/headers.json'), 'the deployment headers file configures the server');
  assert.ok(isHiddenPath('/_headers?x=1'));
  assert.not.ok(isHiddenPath('/assets/headers.json'));
});

test('percent-encoded dots and slashes are decoded before the check: no way round it', () => {
  for (const url of [
    '/headers%2Ejson',
    '/headers%2ejson?x=1',
    '/%5Fheaders',
    '/%2Eenv',
    '/assets/%2Egit/config',
    '/assets%2F.git%2Fconfig',
  ])
    assert.ok(isHiddenPath(url), url);
  assert.ok(isHiddenPath('/%E0%A4%A'), 'a malformed path is refused, not guessed at');
  assert.not.ok(isHiddenPath('/assets/main%2DAB12CD34.js'));
});

test.run();
