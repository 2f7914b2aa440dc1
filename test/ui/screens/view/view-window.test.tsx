import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHUNK } from '../../../../src/notes/render-window.ts';
import type { NoteFilter } from '../../../../src/protocol/api-types.ts';
import { ViewScreen } from '../../../../src/ui/screens/view/ViewScreen.tsx';
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

test('renders a window of rows, each with its place in the whole list', async () => {
  const { view } = await shown();
  const items = rows(view.container);
  assert.is(items.length, CHUNK);
  assert.is(items[0]?.getAttribute('aria-posinset'), '1');
  assert.is(items[CHUNK - 1]?.getAttribute('aria-posinset'), String(CHUNK));
  assert.is(items[0]?.getAttribute('aria-setsize'), '150');
  view.unmount();
});

test('Show more notes renders the next rows, focuses the first new one, and pages ahead', async () => {
  const { fake, view } = await shown();
  view.buttons('Show more notes')[0]?.click();
  await settle();
  assert.is(rows(view.container).length, 2 * CHUNK);
  assert.is(fake.services.focus.pending.value, null, 'the focus request was served');
  // fewer than a chunk of loaded notes remain beyond the window: the next page is on its way
  assert.equal(
    fetches(fake.api.callsTo('fetchNotes')).map((c) => c.filter.cursor),
    [undefined, '100'],
  );
  view.buttons('Show more notes')[0]?.click();
  await settle();
  assert.is(rows(view.container).length, 3 * CHUNK);
  view.buttons('Show more notes')[0]?.click();
  await settle();
  assert.is(rows(view.container).length, 150);
  assert.is(view.buttons('Show more notes').length, 0, 'everything is shown');
  assert.is(fake.api.callsTo('fetchNotes').length, 2);
  view.unmount();
});

test('a focus request for a note beyond the window renders it', async () => {
  const { fake, view } = await shown();
  const focused: string[] = [];
  const proto = (globalThis as unknown as { HTMLElement: { prototype: { focus(): void } } }).HTMLElement
    .prototype;
  const original = proto.focus;
  proto.focus = function (this: HTMLElement) {
    focused.push(this.id);
  };
  fake.services.focus.request('note-n00090');
  await settle();
  proto.focus = original;
  assert.ok(view.container.querySelector('#note-n00090'));
  assert.ok(rows(view.container).length > 90);
  assert.ok(focused.includes('note-n00090'));
  view.unmount();
});

test('a row near the end coming into view renders more and fetches the next page', async () => {
  const observed: { target: Element; fire(): void }[] = [];
  class FakeObserver {
    constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
    observe(target: Element) {
      observed.push({ target, fire: () => this.callback([{ isIntersecting: true }]) });
    }
    disconnect() {}
  }
  const g = globalThis as { IntersectionObserver?: unknown };
  g.IntersectionObserver = FakeObserver;
  try {
    const { fake, view } = await shown();
    const first = observed.at(-1);
    assert.is(first?.target.getAttribute('aria-posinset'), String(CHUNK - 12));
    first?.fire();
    await settle();
    assert.is(rows(view.container).length, 2 * CHUNK);
    observed.at(-1)?.fire();
    await settle();
    assert.is(fetches(fake.api.callsTo('fetchNotes')).at(-1)?.filter.cursor, '100');
    view.unmount();
  } finally {
    delete g.IntersectionObserver;
  }
});

test.run();
