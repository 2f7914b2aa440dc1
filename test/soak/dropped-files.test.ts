/**
 * Which requests the soak drops once: the lazy files the learner needs on `/` (by path, the
 * content hash and any `?retry=N` aside), never the first load, the API or another file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { droppableFile } from '../../soak/dropped-files.ts';

const APP = 'http://127.0.0.1:4300';

test('lazy files are dropped by path, whatever the query', () => {
  assert.is(droppableFile(`${APP}/assets/edit-parts-Y7PXEFJ4.js`, APP), 'assets/edit-parts-Y7PXEFJ4.js');
  assert.is(
    droppableFile(`${APP}/assets/edit-parts-Y7PXEFJ4.js?retry=1`, APP),
    'assets/edit-parts-Y7PXEFJ4.js',
  );
  assert.is(droppableFile(`${APP}/assets/note-actions-RKOFA5EZ.js`, APP), 'assets/note-actions-RKOFA5EZ.js');
  assert.is(droppableFile(`${APP}/assets/chunk-DIXUJ747.js`, APP), 'assets/chunk-DIXUJ747.js');
  assert.is(droppableFile(`${APP}/assets/screen-edit-6CHZL52N.css`, APP), 'assets/screen-edit-6CHZL52N.css');
  assert.is(droppableFile(`${APP}/locales/hi-PIYEDTGB.json`, APP), 'locales/hi-PIYEDTGB.json');
});

test('everything else goes through, the portal page’s own assets too', () => {
  for (const url of [
    `${APP}/`,
    `${APP}/index.html`,
    `${APP}/sw.js`,
    `${APP}/api/v1/notes/fetch`,
    `${APP}/assets/ViewScreen-6BKFRV7G.js`,
    `${APP}/assets/theme-abyss-LOWTMSYN.css`,
    `${APP}/assets/edit-parts-Y7PXEFJ4.js.map`,
    'http://localhost:4200/assets/chunk-DIXUJ747.js',
    'not a url',
  ])
    assert.is(droppableFile(url, APP), null, url);
});

test.run();
