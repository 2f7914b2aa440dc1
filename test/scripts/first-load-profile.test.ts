/**
 * scripts/first-load-profile.mjs: the first-load chunk's modules from esbuild's metafile, grouped
 * by package or src/ folder, with brotli shares at the chunk's ratio.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error plain JavaScript without type declarations
import { chunkModules, groupTotals } from '../../scripts/first-load-profile.mjs';

const metafile = {
  outputs: {
    'dist/assets/chunk-A.js': {
      inputs: {
        'src/notes/notes-model.ts': { bytesInOutput: 300 },
        'src/start.tsx': { bytesInOutput: 50 },
        '../../work/main/node_modules/preact/dist/preact.module.js': { bytesInOutput: 1000 },
        'node_modules/@preact/signals-core/dist/signals-core.module.js': { bytesInOutput: 400 },
        'src/notes/read/note-cache.ts': { bytesInOutput: 150 },
        'virtual:locales': { bytesInOutput: 20 },
      },
    },
  },
};

test('modules largest first, named by package or path, grouped by package or src/ folder', () => {
  const modules = chunkModules(metafile, 'dist/assets/chunk-A.js');
  assert.equal(
    modules.map((m: { module: string; group: string; bytes: number }) => [m.module, m.group, m.bytes]),
    [
      ['preact/dist/preact.module.js', 'preact', 1000],
      ['@preact/signals-core/dist/signals-core.module.js', '@preact/signals-core', 400],
      ['src/notes/notes-model.ts', 'src/notes', 300],
      ['src/notes/read/note-cache.ts', 'src/notes', 150],
      ['src/start.tsx', 'src', 50],
      ['virtual:locales', 'virtual:locales', 20],
    ],
  );
});

test('groups summed, brotli at the ratio given', () => {
  const groups = groupTotals(chunkModules(metafile, 'dist/assets/chunk-A.js'), 0.5);
  assert.equal(groups.slice(0, 3), [
    { group: 'preact', bytes: 1000, brotli: 500 },
    { group: 'src/notes', bytes: 450, brotli: 225 },
    { group: '@preact/signals-core', bytes: 400, brotli: 200 },
  ]);
});

test('a chunk not in the metafile is an error, not an empty profile', () => {
  assert.throws(() => chunkModules(metafile, 'dist/assets/other.js'), /no chunk/);
});

test.run();
