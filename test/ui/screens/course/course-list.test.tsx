import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../../src/api/api-error.ts';
import type { CourseSummary } from '../../../../src/protocol/api-types.ts';
import { CourseScreen } from '../../../../src/ui/screens/course/CourseScreen.tsx';
import { createFakeServices } from '../../../fakes/fake-services.ts';
import { render, settle } from '../../../fakes/render.tsx';

const COURSES: CourseSummary[] = [
  { courseId: 'c1', courseTitle: 'Biology', noteCount: 1, updatedOn: '2026-11-20T10:00:00.000Z' },
  { courseId: 'c 2', courseTitle: 'Chemistry', noteCount: 5, updatedOn: '2026-11-19T10:00:00.000Z' },
];

test('lists the courses: buttons named exactly by title, plural note counts beside them', async () => {
  const fake = createFakeServices({ listCourses: () => Promise.resolve(COURSES) });
  const view = await render(<CourseScreen />, fake);
  assert.is(view.container.querySelector('h1')?.textContent, 'Courses');
  const [bio] = view.buttons('Biology');
  const [chem] = view.buttons('Chemistry');
  assert.ok(bio && chem);
  const described = (b: HTMLButtonElement) =>
    view.container.querySelector(`[id="${b.getAttribute('aria-describedby')}"]`)?.textContent;
  assert.is(described(bio), '1 note');
  assert.is(described(chem), '5 notes');
  assert.is(fake.api.callsTo('listCourses').length, 1);
  view.unmount();
});

test('choosing a course opens /course/<courseId>', async () => {
  const fake = createFakeServices({ listCourses: () => Promise.resolve(COURSES) }, undefined, '/course');
  const view = await render(<CourseScreen />, fake);
  view.buttons('Chemistry')[0]?.click();
  await settle();
  assert.is(decodeURIComponent(fake.services.nav.currentPath()), '/course/c 2');
  view.unmount();
});

test('loading shows skeletons, then the courses', async () => {
  let answer: (courses: CourseSummary[]) => void = () => undefined;
  const fake = createFakeServices({ listCourses: () => new Promise((r) => (answer = r)) });
  const view = await render(<CourseScreen />, fake);
  assert.ok(view.container.querySelector('.skeletons'));
  answer(COURSES);
  await settle();
  assert.not.ok(view.container.querySelector('.skeletons'));
  assert.is(view.buttons('Biology').length, 1);
  view.unmount();
});

test('no courses: a friendly line and what to do', async () => {
  const fake = createFakeServices({ listCourses: () => Promise.resolve([]) });
  const view = await render(<CourseScreen />, fake);
  assert.ok(view.text().includes('No courses with notes yet'));
  assert.ok(view.container.querySelector('.empty-state .hint')?.textContent);
  view.unmount();
});

test('a failed load says so with Retry, and Retry loads again', async () => {
  let fail = true;
  const fake = createFakeServices({
    listCourses: () => (fail ? Promise.reject(new ApiError('http', 'down', 503)) : Promise.resolve(COURSES)),
  });
  const view = await render(<CourseScreen />, fake);
  assert.ok(view.container.querySelector('[role="alert"]'));
  fail = false;
  view.buttons('Retry')[0]?.click();
  await settle();
  assert.is(fake.api.callsTo('listCourses').length, 2);
  assert.is(view.buttons('Biology').length, 1);
  assert.not.ok(view.container.querySelector('[role="alert"]'));
  view.unmount();
});

test.run();
