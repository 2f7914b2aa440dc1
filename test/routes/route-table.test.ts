import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NAV_ROUTES, ROUTES } from '../../src/routes/route-table.ts';

test('the route table: five screens, /course with a courseId parameter', () => {
  assert.equal(
    ROUTES.map((r) => r.path),
    ['/', '/view', '/course', '/review', '/error'],
  );
  assert.equal(
    ROUTES.filter((r) => 'param' in r).map((r) => [r.path, 'param' in r ? r.param : null]),
    [['/course', 'courseId']],
  );
});

test('NAV_ROUTES: the labelled screens in navigation order; /error stays out', () => {
  assert.equal(
    NAV_ROUTES.map((r) => [r.path, r.label]),
    [
      ['/', 'My notes'],
      ['/view', 'All notes'],
      ['/course', 'Courses'],
      ['/review', 'Review'],
    ],
  );
});

test('paths are unique and absolute', () => {
  const paths = ROUTES.map((r) => r.path);
  assert.is(new Set(paths).size, paths.length);
  for (const p of paths) assert.match(p, /^\/[a-z]*$/);
});

test.run();
