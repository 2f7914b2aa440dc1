import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleParentPage } from '../../../harness/serve/parent-bundle.ts';

test('the page script is one self-contained bundle built from the shared wire contract', async () => {
  const { js, css } = await bundleParentPage();
  assert.not.match(js, /^\s*import\s/m, 'no imports left for the browser to resolve');
  assert.match(js, /"NOTES"/, 'SUB_APPLICATION_NAME comes from src/protocol/messages.ts');
  assert.match(js, /CONTEXT_CHANGE/);
  assert.not.match(js, /node:crypto|createHmac/, 'no server code (or secret handling) leaks into the page');
  assert.match(css, /:focus-visible/);
});

test.run();
