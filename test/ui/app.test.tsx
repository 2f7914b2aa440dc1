import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { App } from '../../src/ui/App.tsx';
import { fakeContext } from '../fakes/fake-context.ts';
import { createFakeServices } from '../fakes/fake-services.ts';
import { render, settle, waitFor } from '../fakes/render.tsx';

test('an unknown path is replaced by /view (the route table), with no history entry pushed', async () => {
  const fake = createFakeServices({}, fakeContext(), '/no/such/place');
  const view = await render(<App />, fake);
  await waitFor(() => view.container.querySelector('h1')?.textContent === 'All notes', 'the /view screen');
  assert.is(fake.services.nav.currentPath(), '/view');
  view.unmount();
});

test('/ui is replaced by /, and / then shows (the redirect is heard by the router)', async () => {
  const fake = createFakeServices({}, fakeContext(), '/ui');
  const view = await render(<App />, fake);
  await waitFor(() => view.container.querySelector('h1')?.textContent === 'Recent notes', 'the / screen');
  assert.is(fake.services.nav.currentPath(), '/');
  view.unmount();
});

test('a screen that throws shows a failure with Try again, never a blank frame', async () => {
  const fake = createFakeServices({}, fakeContext(), '/');
  let fail = true;
  const Broken = () => {
    if (fail) throw new Error('boom');
    return <h1>Recovered</h1>;
  };
  fake.services.screens.components['/'] = Broken;
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const view = await render(<App />, fake);
    assert.is(view.container.querySelector('h1')?.textContent, 'Something went wrong');
    assert.ok(view.container.querySelector('nav'), 'the navigation stays');
    fail = false;
    view.buttons('Try again')[0]?.click();
    await settle();
    assert.is(view.container.querySelector('h1')?.textContent, 'Recovered');
    view.unmount();
  } finally {
    console.error = original;
  }
  assert.ok(errors.length > 0, 'the failure is logged');
});

test('nothing renders before the session is ready', async () => {
  const fake = createFakeServices();
  const session = fake.services.session;
  // A fresh session model that has no context yet.
  const { createSessionModel } = await import('../../src/session/session-model.ts');
  fake.services.session = createSessionModel(1024);
  const view = await render(<App />, fake);
  assert.is(view.container.innerHTML, '');
  fake.services.session = session;
  view.unmount();
});

test.run();
