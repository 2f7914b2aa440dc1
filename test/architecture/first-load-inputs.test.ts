/**
 * The first load as esbuild built it (issue 16): the inputs of the first-load chunk, read from the
 * build's metafile, hold no write-side, editor or editor-host module. Stronger than the import walk
 * in import-rules.test.ts: it also sees what esbuild hoists into the first load from shared code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { build, resolveOptions } from '../../build.mjs';

/** What this test reads of build()'s result. */
type Built = {
  metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> };
  firstLoadChunk: string;
};

const test = suite<{ inputs: string[]; dir: string }>('first-load inputs');
test.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notes-first-load-inputs-'));
  const built: Built = await build(resolveOptions(['--out', ctx.dir]));
  ctx.inputs = Object.keys(built.metafile.outputs[built.firstLoadChunk]?.inputs ?? {});
});
test.after((ctx) => rmSync(ctx.dir, { recursive: true, force: true }));

test('the first-load chunk carries the read side, not the write side or the editor', ({ inputs }) => {
  assert.ok(inputs.includes('src/notes/read/note-lists.ts'), 'the metafile names the read side');
  assert.ok(inputs.includes('src/notes/notes-model.ts'), 'and the front module');
  const bad = inputs.filter((f) => /^src\/(notes\/write|editor|ui\/editor)\//.test(f));
  assert.equal(bad, []);
});

test.run();
