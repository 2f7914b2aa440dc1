import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionModel, watchWindowWidth } from '../../src/session/session-model.ts';
import { fakeContext } from '../fakes/fake-context.ts';
import { FakeResizeWindow } from '../fakes/fake-window.ts';

test('initial state: no context, no user, not loaded, not ready', () => {
  const s = createSessionModel(1024);
  assert.is(s.context.value, null);
  assert.is(s.user.value, null);
  assert.is(s.parentHost.value, '');
  assert.is(s.loaded.value, false);
  assert.is(s.ready.value, false);
});

test('theme, dark mode and requested locale follow the stored context', () => {
  const s = createSessionModel(1024);
  assert.equal([s.theme.value, s.darkMode.value, s.requestedLocale.value], ['blue', false, 'en']);
  s.store(fakeContext({ theme: { name: 'abyss' }, darkMode: true, locale: 'hi' }), 'x.olympics.com');
  assert.equal([s.theme.value, s.darkMode.value, s.requestedLocale.value], ['abyss', true, 'hi']);
});

test('ready only when loaded AND styled AND user', () => {
  const loadedFirst = createSessionModel(1024);
  loadedFirst.markLoaded();
  loadedFirst.markStyled();
  assert.is(loadedFirst.ready.value, false, 'loaded and styled without user');
  loadedFirst.store(fakeContext(), 'lex.infosysapps.com');
  assert.is(loadedFirst.ready.value, true);

  const storedFirst = createSessionModel(1024);
  storedFirst.store(fakeContext(), 'lex.infosysapps.com');
  storedFirst.markStyled();
  assert.is(storedFirst.ready.value, false, 'user and styled without loaded');
  storedFirst.markLoaded();
  assert.is(storedFirst.ready.value, true);

  const unstyled = createSessionModel(1024);
  unstyled.store(fakeContext(), 'lex.infosysapps.com');
  unstyled.markLoaded();
  assert.is(unstyled.ready.value, false, 'the theme’s stylesheet not in yet');
  unstyled.markStyled();
  assert.is(unstyled.ready.value, true);
});

test('store keeps the context, its user and the parent host', () => {
  const s = createSessionModel(1024);
  const context = fakeContext({ user: { userId: 'w-9' } });
  s.store(context, 'lex.infosysapps.com');
  assert.is(s.context.value, context);
  assert.is(s.user.value, context.user);
  assert.is(s.parentHost.value, 'lex.infosysapps.com');
  const next = fakeContext({ user: { userId: 'w-10' } });
  s.store(next, 'olympics.com');
  assert.is(s.user.value?.userId, 'w-10');
  assert.is(s.parentHost.value, 'olympics.com');
});

test('small screen is a width under 700', () => {
  for (const [width, small] of [
    [0, true],
    [320, true],
    [699, true],
    [699.5, true],
    [700, false],
    [701, false],
    [1920, false],
  ] as const) {
    assert.is(createSessionModel(width).smallScreen.value, small, String(width));
  }
});

test('setWidth re-evaluates the small-screen flag', () => {
  const s = createSessionModel(1024);
  s.setWidth(699);
  assert.is(s.smallScreen.value, true);
  s.setWidth(700);
  assert.is(s.smallScreen.value, false);
});

test('watchWindowWidth reads the width at once and on every resize', () => {
  const win = new FakeResizeWindow(699);
  const s = createSessionModel(1024);
  const seen: number[] = [];
  watchWindowWidth(win, (w) => {
    seen.push(w);
    s.setWidth(w);
  });
  assert.equal(seen, [699]);
  assert.is(s.smallScreen.value, true);
  win.resize(700);
  assert.is(s.smallScreen.value, false);
  win.resize(420);
  assert.is(s.smallScreen.value, true);
  assert.equal(seen, [699, 700, 420]);
});

test('other events do not re-evaluate', () => {
  const win = new FakeResizeWindow(800);
  const seen: number[] = [];
  watchWindowWidth(win, (w) => seen.push(w));
  win.innerWidth = 500;
  win.dispatchEvent(new Event('scroll'));
  assert.equal(seen, [800]);
});

test('the unsubscribe stops listening', () => {
  const win = new FakeResizeWindow(1024);
  const seen: number[] = [];
  const stop = watchWindowWidth(win, (w) => seen.push(w));
  win.resize(600);
  stop();
  win.resize(500);
  win.resize(400);
  assert.equal(seen, [1024, 600]);
});

test.run();
