/**
 * A lazy part: the fallback while its code loads, the component once in (at once when already
 * in), a failed load in the error boundary whose Try again loads again, and no update after it
 * unmounted.
 */
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLoader } from '../../src/platform/lazy-file.ts';
import { ErrorBoundary } from '../../src/ui/ErrorBoundary.tsx';
import { lazyPart } from '../../src/ui/lazy-part.ts';
import { createDeferred, type Deferred } from '../fakes/deferred.ts';
import { installDom } from '../fakes/dom.ts';
import { settle } from '../fakes/render.tsx';

type Module = { Greeting(props: { name: string }): ReactElement };
const MODULE: Module = { Greeting: ({ name }) => <p>Hello {name}</p> };
const pick = (m: Module) => m.Greeting;

/** A lazy file whose tries the test settles one by one. */
function controlled() {
  const tries: Deferred<Module>[] = [];
  const file = createLoader().file(() => {
    const d = createDeferred<Module>();
    tries.push(d);
    return d.promise;
  });
  return { file, tries };
}

/** Mounts `ui` into a fresh container of the linkedom document. */
async function mount(ui: ReactElement) {
  const { document } = installDom();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(ui);
  await settle();
  return { container, unmount: () => root.unmount() };
}

const boundary = (child: ReactElement) => (
  <ErrorBoundary
    fallback={(retry) => (
      <button type="button" onClick={retry}>
        Try again
      </button>
    )}
  >
    {child}
  </ErrorBoundary>
);

test('the fallback until the code is in, then the component with its props', async () => {
  const { file, tries } = controlled();
  const Part = lazyPart(file, pick, <div className="placeholder" />);
  const view = await mount(<Part name="Asha" />);
  assert.is(view.container.innerHTML, '<div class="placeholder"></div>');
  assert.is(tries.length, 1, 'asked for once');
  tries[0]?.resolve(MODULE);
  await settle();
  assert.is(view.container.innerHTML, '<p>Hello Asha</p>');
  view.unmount();
});

test('code already in: the component at the first render, nothing asked for', async () => {
  const { file, tries } = controlled();
  const loading = file.load();
  tries[0]?.resolve(MODULE);
  await loading;
  const Part = lazyPart(file, pick, <div className="placeholder" />);
  const { document } = installDom();
  const container = document.createElement('div');
  const root = createRoot(container);
  root.render(<Part name="Ravi" />);
  assert.is(container.innerHTML, '<p>Hello Ravi</p>', 'in the render itself, before any effect ran');
  await settle(1);
  assert.is(container.innerHTML, '<p>Hello Ravi</p>');
  assert.is(tries.length, 1);
  root.unmount();
});

test('a failed load shows in the error boundary; its Try again asks again and shows the part', async () => {
  const { file, tries } = controlled();
  const Part = lazyPart(file, pick);
  const view = await mount(boundary(<Part name="Li" />));
  tries[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
  await settle();
  const retry = view.container.querySelector('button');
  assert.is(retry?.textContent, 'Try again');
  retry?.click();
  await settle();
  assert.is(tries.length, 2, 'the code asked for again');
  tries[1]?.resolve(MODULE);
  await settle();
  assert.is(view.container.innerHTML, '<p>Hello Li</p>');
  view.unmount();
});

test('a load rejected with nothing still reaches the boundary', async () => {
  const { file, tries } = controlled();
  const Part = lazyPart(file, pick);
  const view = await mount(boundary(<Part name="Li" />));
  tries[0]?.reject(undefined);
  await settle();
  assert.is(view.container.querySelector('button')?.textContent, 'Try again');
  view.unmount();
});

test('unmounted before its code came: nothing renders into the removed tree', async () => {
  const { file, tries } = controlled();
  const Part = lazyPart(file, pick, <div className="placeholder" />);
  const view = await mount(<Part name="Sam" />);
  view.unmount();
  tries[0]?.resolve(MODULE);
  await settle();
  assert.is(view.container.innerHTML, '');
  // Mounted again, the part shows at once: the code stayed in.
  const again = await mount(<Part name="Sam" />);
  assert.is(again.container.innerHTML, '<p>Hello Sam</p>');
  again.unmount();
});

test('a file that holds the component itself (a screen) renders it, not calls it', async () => {
  const file = createLoader().file(() => Promise.resolve(MODULE.Greeting));
  const Part = lazyPart(file, (screen: Module['Greeting']) => screen);
  const view = await mount(<Part name="Noor" />);
  assert.is(view.container.innerHTML, '<p>Hello Noor</p>');
  view.unmount();
});

test.run();
