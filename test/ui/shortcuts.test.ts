import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createShortcuts, type KeyPress, matchShortcut, SHORTCUTS } from '../../src/ui/shortcuts.ts';

const press = (code: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key: code.replace(/^Key/, ''),
  code,
  altKey: true,
  shiftKey: true,
  ctrlKey: false,
  metaKey: false,
  ...over,
});

test('Alt+Shift+N is new-note, Alt+Shift+F is search', () => {
  assert.is(matchShortcut(press('KeyN')), 'new-note');
  assert.is(matchShortcut(press('KeyF')), 'search');
});

test('matched on the physical key, whatever character Alt makes', () => {
  assert.is(matchShortcut(press('KeyN', { key: '˜' })), 'new-note');
  assert.is(matchShortcut(press('KeyF', { key: 'Ï' })), 'search');
});

test('other keys and incomplete modifiers are no shortcut', () => {
  assert.is(matchShortcut(press('KeyX')), null);
  assert.is(matchShortcut(press('KeyN', { altKey: false })), null);
  assert.is(matchShortcut(press('KeyN', { shiftKey: false })), null);
  assert.is(matchShortcut(press('Digit1')), null);
});

test('Ctrl or Meta excludes a shortcut (browser and screen-reader keys)', () => {
  assert.is(matchShortcut(press('KeyN', { ctrlKey: true })), null);
  assert.is(matchShortcut(press('KeyF', { metaKey: true })), null);
});

test('SHORTCUTS documents each shortcut with its keys and label', () => {
  assert.equal(
    SHORTCUTS.map((s) => [s.id, s.keys]),
    [
      ['new-note', 'Alt+Shift+N'],
      ['search', 'Alt+Shift+F'],
    ],
  );
  for (const s of SHORTCUTS) assert.ok(s.label.length > 0);
});

test('handle runs the handler of the shortcut pressed and says so', () => {
  const shortcuts = createShortcuts();
  const ran: string[] = [];
  shortcuts.on('search', () => ran.push('search'));
  assert.ok(shortcuts.handle(press('KeyF')));
  assert.not.ok(shortcuts.handle(press('KeyN')), 'no handler for new-note');
  assert.not.ok(shortcuts.handle(press('KeyF', { ctrlKey: true })));
  assert.equal(ran, ['search']);
});

test('the latest handler wins; removing it brings the previous one back', () => {
  const shortcuts = createShortcuts();
  const ran: string[] = [];
  const offShell = shortcuts.on('new-note', () => ran.push('shell'));
  const offScreen = shortcuts.on('new-note', () => ran.push('screen'));
  shortcuts.handle(press('KeyN'));
  offScreen();
  shortcuts.handle(press('KeyN'));
  offShell();
  assert.not.ok(shortcuts.handle(press('KeyN')));
  assert.equal(ran, ['screen', 'shell']);
});

test('removing an earlier handler keeps the latest in charge; removing twice is harmless', () => {
  const shortcuts = createShortcuts();
  const ran: string[] = [];
  const offA = shortcuts.on('search', () => ran.push('a'));
  shortcuts.on('search', () => ran.push('b'));
  offA();
  offA();
  shortcuts.handle(press('KeyF'));
  assert.equal(ran, ['b']);
});

test('handlers of one shortcut do not affect another', () => {
  const shortcuts = createShortcuts();
  const ran: string[] = [];
  shortcuts.on('search', () => ran.push('search'));
  const off = shortcuts.on('new-note', () => ran.push('new'));
  off();
  shortcuts.handle(press('KeyF'));
  assert.equal(ran, ['search']);
});

test.run();
