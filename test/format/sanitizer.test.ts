import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSanitizerService } from '../../src/format/sanitizer.ts';
import type { SanitizerDocument } from '../../src/format/sanitizer-chunk.ts';

type Chunk = typeof import('../../src/format/sanitizer-chunk.ts');

/** A stand-in chunk: counts imports and what it was set up with; fails while `failing`. */
function fakeChunk() {
  const state = { imports: 0, failing: false, setups: [] as unknown[][] };
  const chunk = async (): Promise<Chunk> => {
    state.imports += 1;
    if (state.failing) throw new Error('chunk failed to load');
    return {
      sanitizerFor: (config: { apiBase: string }, doc: SanitizerDocument) => {
        state.setups.push([config, doc]);
        return Object.assign((html: string) => `clean:${html}`, {
          droppedImages: () => [],
          keepUpload: () => undefined,
        });
      },
    };
  };
  return { state, chunk };
}

const doc = { baseURI: 'http://127.0.0.1:4300/' } as SanitizerDocument;

test('nothing is fetched until load(); then current() is the sanitiser, set up with the config and document', async () => {
  const { state, chunk } = fakeChunk();
  const service = createSanitizerService({ apiBase: '/api/v1' }, doc, chunk);
  assert.is(service.current(), null);
  assert.is(state.imports, 0);
  const sanitize = await service.load();
  assert.is(sanitize('<p>x</p>'), 'clean:<p>x</p>');
  assert.is(service.current(), sanitize);
  assert.equal(state.setups, [[{ apiBase: '/api/v1' }, doc]]);
});

test('loads once however often asked', async () => {
  const { state, chunk } = fakeChunk();
  const service = createSanitizerService({ apiBase: '/api/v1' }, doc, chunk);
  const [a, b] = await Promise.all([service.load(), service.load()]);
  await service.load();
  assert.is(a, b);
  assert.is(state.imports, 1);
});

test('a failed fetch is forgotten: the next load() tries again', async () => {
  const { state, chunk } = fakeChunk();
  state.failing = true;
  const service = createSanitizerService({ apiBase: '/api/v1' }, doc, chunk);
  try {
    await service.load();
    assert.unreachable('load() should have failed');
  } catch (error) {
    assert.match((error as Error).message, 'chunk failed');
  }
  assert.is(service.current(), null);
  state.failing = false;
  await service.load();
  assert.ok(service.current());
  assert.is(state.imports, 2);
});

test.run();
