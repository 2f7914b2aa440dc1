import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PARAM_ROUTES, ROUTE_SHAPES, ROUTES, routeChoices } from '../../../harness/shared/choices.ts';
import { NAV_ROUTES, OPENABLE_PATHS } from '../../../src/routes/route-table.ts';

test('the base routes are the app route table’s openable paths, not a copy', () => {
  assert.is(ROUTES, OPENABLE_PATHS);
  assert.equal([...ROUTES], ['/', '/view', '/course', '/review']);
});

test('parameterised routes come from the table’s `param` entries', () => {
  assert.equal(
    PARAM_ROUTES,
    NAV_ROUTES.filter((r) => 'param' in r).map((r) => ({
      path: r.path,
      param: (r as { param: string }).param,
    })),
  );
  assert.equal(PARAM_ROUTES, [{ path: '/course', param: 'courseId' }]);
  assert.is(ROUTE_SHAPES, '/, /view, /course, /review, /course/<courseId>');
});

test('the Route select offers the base routes, plus a chosen course route', () => {
  assert.equal(routeChoices('/view'), ['/', '/view', '/course', '/review']);
  assert.equal(routeChoices('/course/course-ml'), ['/', '/view', '/course', '/review', '/course/course-ml']);
});

test.run();
