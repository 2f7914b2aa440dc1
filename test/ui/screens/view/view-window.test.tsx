import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NoteFilter } from '../../../../src/protocol/api-types.ts';
import { ViewScreen } from '../../../../src/ui/screens/view/ViewScreen.tsx';
import { installDom } from '../../../fakes/dom.ts';
import { createFakeServices } from '../../../fakes/fake-services.ts';
import { render, settle } from '../../../fakes/render.tsx';
import { DELAY, fetches, numbered, page } from './view-support.ts';

const ALL = numbered(150);
/** Pages of 100 over ALL, the cursor being the next index. */
const paged = (filter: NoteFilter) => {
  const from = Number(filter.cursor ?? 0);
  const next = from + 100 < ALL.length ? String(from + 100) : null;
  return Promise.resolve(page(ALL.slice(from, from + 100), ALL.length, next));
};
async function shown() {
  const fake = createFakeServices({ fetchNotes: paged });
  const view = await render(<ViewScreen searchDelay={DELAY} />, fake);
  await settle();
  return { fake, view };
}
const rows = (c: HTMLElement) => Array.from(c.querySelectorAll('.note-list > li'));

test('draws only a window of rows, each with its place in the whole list', async () => {
  const { view } = await shown();
  const items = rows(view.container);
  assert.ok(items.length > 3 && items.length < 30, `${items.length} rows drawn of 100 loaded`);
  assert.is(items[0]?.getAttribute('aria-posinset'), '1');
  assert.is(items[1]?.getAttribute('aria-posinset'), '2');
  assert.is(items[0]?.getAttribute('aria-setsize'), '150');
  // The rows not drawn still take their room, so the scrollbar tells the list's length.
  const list = view.container.querySelector<HTMLElement>('.note-list');
  assert.match(list?.getAttribute('style') ?? '', /padding-block-end:\s*[1-9]\d*px/);
  view.unmount();
});

test('Show more notes fetches the next page with the cursor', async () => {
  const { fake, view } = await shown();
  assert.is(fake.api.callsTo('fetchNotes').length, 1);
  view.buttons('Show more notes')[0]?.click();
  await settle();
  assert.equal(
    fetches(fake.api.callsTo('fetchNotes')).map((c) => c.filter.cursor),
    [undefined, '100'],
  );
  assert.is(view.buttons('Show more notes').length, 0, 'every note is loaded');
  assert.is(rows(view.container)[0]?.getAttribute('aria-setsize'), '150');
  view.unmount();
});

test('a focus request for a note outside the drawn rows scrolls it into the window', async () => {
  const { window } = installDom();
  const scrolls: unknown[] = [];
  const original = window.scrollTo;
  const raf = window.requestAnimationFrame;
  window.scrollTo = ((...args: unknown[]) => {
    scrolls.push(args);
  }) as typeof window.scrollTo;
  // linkedom has no frames; the virtualizer re-checks the scroll on the next one.
  window.requestAnimationFrame = ((cb: FrameRequestCallback) => setTimeout(() => cb(0), 0)) as never;
  try {
    const { fake, view } = await shown();
    fake.services.focus.request('note-n00090');
    await settle();
    assert.ok(scrolls.length > 0, 'the frame was asked to scroll to the note');
    view.unmount();
  } finally {
    window.scrollTo = original;
    window.requestAnimationFrame = raf;
  }
});

test.run();
