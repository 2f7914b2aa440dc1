import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NoteAnchor } from '../../../src/protocol/api-types.ts';
import type { PlayerData, User } from '../../../src/protocol/messages.ts';
import { anchorFromPlayer, noteTarget } from '../../../src/ui/notes/new-note.ts';
import { fakeContext } from '../../fakes/fake-context.ts';

/** The shared fake learner (Zoë Lee, w-1), as every context fake carries her. */
const USER: User = fakeContext().user;

const ANCHORS: [label: string, player: Omit<PlayerData, 'resourceId'>, expected: NoteAnchor][] = [
  ['a whole second', { currentTime: 192 }, { kind: 'time', seconds: 192 }],
  ['time is floored', { currentTime: 192.99 }, { kind: 'time', seconds: 192 }],
  ['zero is a time', { currentTime: 0 }, { kind: 'time', seconds: 0 }],
  ['a fraction under a second', { currentTime: 0.4 }, { kind: 'time', seconds: 0 }],
  ['time wins over page', { currentTime: 5, page: 3 }, { kind: 'time', seconds: 5 }],
  ['a page', { page: 4 }, { kind: 'page', page: 4 }],
  ['page 1', { page: 1 }, { kind: 'page', page: 1 }],
  ['NaN time falls back to the page', { currentTime: Number.NaN, page: 2 }, { kind: 'page', page: 2 }],
  ['negative time falls back to the page', { currentTime: -1, page: 2 }, { kind: 'page', page: 2 }],
  ['infinite time is ignored', { currentTime: Number.POSITIVE_INFINITY }, null],
  ['NaN time alone', { currentTime: Number.NaN }, null],
  ['negative time alone', { currentTime: -0.5 }, null],
  ['page 0 is no page', { page: 0 }, null],
  ['a negative page', { page: -3 }, null],
  ['a fractional page', { page: 2.5 }, null],
  ['a NaN page', { page: Number.NaN }, null],
  ['nothing (an article)', {}, null],
];
for (const [label, player, expected] of ANCHORS) {
  test(`anchorFromPlayer: ${label}`, () => {
    assert.equal(anchorFromPlayer({ resourceId: 'r1', ...player }), expected);
  });
}

test('anchorFromPlayer ignores values of the wrong type (the wire is not trusted)', () => {
  const odd = { resourceId: 'r1', currentTime: '12', page: '3' } as unknown as PlayerData;
  assert.is(anchorFromPlayer(odd), null);
});

test('noteTarget: the resource in the player, its titles, the learner’s name, the portal host', () => {
  const player: PlayerData = {
    resourceId: 'res-1',
    moduleId: 'mod-1',
    courseId: 'course-1',
    resourceTitle: 'Intro video',
    moduleTitle: 'Module 1',
    courseTitle: 'Course 1',
    appRef: 'app-7',
    currentTime: 61.7,
  };
  assert.equal(noteTarget({ player, user: USER, domain: 'lex.infosysapps.com' }), {
    refId: 'res-1',
    moduleId: 'mod-1',
    courseId: 'course-1',
    refTitle: 'Intro video',
    moduleTitle: 'Module 1',
    courseTitle: 'Course 1',
    domain: 'lex.infosysapps.com',
    appRef: 'app-7',
    displayName: 'Zoë Lee',
    anchor: { kind: 'time', seconds: 61 },
    tags: [],
  });
});

test('noteTarget: missing optional ids and titles are null, a missing resource title empty', () => {
  const target = noteTarget({ player: { resourceId: 'res-1' }, user: USER, domain: 'd' });
  assert.is(target.moduleId, null);
  assert.is(target.courseId, null);
  assert.is(target.moduleTitle, null);
  assert.is(target.courseTitle, null);
  assert.is(target.appRef, null);
  assert.is(target.refTitle, '');
  assert.is(target.anchor, null);
});

test('noteTarget: displayName from whichever names there are, never padded', () => {
  const name = (firstName: string, lastName: string) =>
    noteTarget({ player: { resourceId: 'r' }, user: { ...USER, firstName, lastName }, domain: 'd' })
      .displayName;
  assert.is(name('Zoë', ''), 'Zoë');
  assert.is(name('', 'Lee'), 'Lee');
  assert.is(name('', ''), '');
  assert.is(name('अनु', 'शर्मा'), 'अनु शर्मा');
});

test('noteTarget carries no token, email or user id', () => {
  const json = JSON.stringify(noteTarget({ player: { resourceId: 'r' }, user: USER, domain: 'd' }));
  assert.not.match(json, USER.token);
  assert.not.match(json, USER.email);
  assert.not.match(json, USER.userId);
});

test.run();
