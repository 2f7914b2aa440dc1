import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createNavigator } from '../../src/routes/navigator.ts';
import { createFakeNavWindow, installPopStateEvent } from '../fakes/fake-window.ts';

installPopStateEvent();

const popstates = (events: Event[]) => events.filter((e) => e.type === 'popstate');

test('navigate replaces the history entry by default', () => {
  const fake = createFakeNavWindow('/ui');
  const nav = createNavigator(fake.window);
  nav.navigate('/');
  assert.equal(fake.calls, [{ kind: 'replace', state: null, title: '', url: '/' }]);
  assert.is(fake.window.location.pathname, '/');
  assert.is(nav.currentPath(), '/');
});

test('navigate pushes only when asked', () => {
  const fake = createFakeNavWindow('/');
  const nav = createNavigator(fake.window);
  nav.navigate('/course', { push: true });
  nav.navigate('/view', { push: false });
  assert.equal(
    fake.calls.map((c) => [c.kind, c.url]),
    [
      ['push', '/course'],
      ['replace', '/view'],
    ],
  );
});

test('state is carried into history, the state signal and the popstate event', () => {
  const fake = createFakeNavWindow('/view');
  const nav = createNavigator(fake.window);
  assert.is(nav.state.value, null);
  nav.navigate('/error', { state: { code: 403 } });
  assert.equal(fake.calls, [{ kind: 'replace', state: { code: 403 }, title: '', url: '/error' }]);
  assert.equal(fake.window.history.state, { code: 403 });
  assert.equal(nav.state.value, { code: 403 });
  const [event] = popstates(fake.events);
  assert.ok(event instanceof PopStateEvent);
  assert.equal(event.state, { code: 403 });
});

test('navigating on without state clears the previous state', () => {
  const fake = createFakeNavWindow('/view');
  const nav = createNavigator(fake.window);
  nav.navigate('/error', { state: { code: 403 } });
  nav.navigate('/view');
  assert.is(nav.state.value, null);
  assert.is(fake.window.history.state, null);
});

test('every navigation dispatches exactly one popstate, after history changed', () => {
  const fake = createFakeNavWindow('/');
  const seenPaths: string[] = [];
  const base = fake.window.dispatchEvent;
  fake.window.dispatchEvent = (event: Event) => {
    seenPaths.push(fake.window.location.pathname);
    return base(event);
  };
  const nav = createNavigator(fake.window);
  nav.navigate('/view');
  nav.navigate('/course', { push: true });
  assert.is(fake.events.length, 2);
  assert.is(popstates(fake.events).length, 2);
  assert.equal(seenPaths, ['/view', '/course']);
});

test('a base path prefixes every URL and is stripped from currentPath', () => {
  const fake = createFakeNavWindow('/notes/ui');
  const nav = createNavigator(fake.window, '/notes/');
  assert.is(nav.currentPath(), '/ui');
  nav.navigate('/');
  nav.navigate('/view', { push: true });
  assert.equal(
    fake.calls.map((c) => c.url),
    ['/notes/', '/notes/view'],
  );
  assert.is(fake.window.location.pathname, '/notes/view');
  assert.is(nav.currentPath(), '/view');
  assert.is(nav.href('/course'), '/notes/course');
  assert.is(nav.href('/'), '/notes/');
});

test('without a base path href is the app path itself', () => {
  const nav = createNavigator(createFakeNavWindow('/').window);
  assert.is(nav.href('/view'), '/view');
  assert.is(nav.href('/'), '/');
});

test('the initial state is read from the current history entry', () => {
  assert.equal(createNavigator(createFakeNavWindow('/error', { code: 403 }).window).state.value, {
    code: 403,
  });
  assert.is(createNavigator(createFakeNavWindow('/error', { code: '403' }).window).state.value, null);
  assert.is(createNavigator(createFakeNavWindow('/error', 'x').window).state.value, null);
  assert.equal(createNavigator(createFakeNavWindow('/error', { code: 404, other: 1 }).window).state.value, {
    code: 404,
  });
});

test('syncFromHistory re-reads the state after Back/Forward', () => {
  const fake = createFakeNavWindow('/view');
  const nav = createNavigator(fake.window);
  fake.window.history.state = { code: 403 };
  assert.is(nav.state.value, null, 'not read until asked');
  nav.syncFromHistory();
  assert.equal(nav.state.value, { code: 403 });
  fake.window.history.state = null;
  nav.syncFromHistory();
  assert.is(nav.state.value, null);
});

test('currentPath follows the location as it changes outside the navigator', () => {
  const fake = createFakeNavWindow('/view/');
  const nav = createNavigator(fake.window);
  assert.is(nav.currentPath(), '/view');
  fake.window.location.pathname = '/course';
  assert.is(nav.currentPath(), '/course');
});

test('a tag for /view rides in the state and survives the popstate re-read; other state values are dropped', () => {
  const fake = createFakeNavWindow('/');
  const nav = createNavigator(fake.window);
  nav.navigate('/view', { state: { tag: 'exam' } });
  nav.syncFromHistory(); // the router's own popstate runs this too
  assert.equal(nav.state.value, { tag: 'exam' });
  for (const hostile of [{ tag: 7 }, { tag: ['x'] }, 'tag', { other: 'x' }]) {
    fake.window.history.state = hostile;
    nav.syncFromHistory();
    assert.is(nav.state.value, null, JSON.stringify(hostile));
  }
});

test.run();
