import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { streamUpload } from '../support/stream-upload.ts';
import { type Fixture, headersFor, seeded, startFixture } from './support/api-fixture.ts';

type Ctx = { fx: Fixture };
/**
 * A 60 MB body refused early. The service closes the connection after an early 413 with the body
 * unread (no lingering close), so only the 401 case, where the proxy reads and drops the rest, is
 * held here; the 413 cases wait for the service (reported to the lead).
 */
const big = suite<Ctx>('server: bodies far over the limit');
const SIXTY_MB = 60 * 1024 * 1024 + 7;

big.before(async (ctx) => {
  ctx.fx = await startFixture();
});
big.after(async (ctx) => {
  await ctx.fx.stop();
});

big('a 60 MB body with a bad token: 401, and the client may finish', async ({ fx }) => {
  const res = await streamUpload(`${fx.api.url}/api/v1/notes/add`, {
    headers: headersFor(seeded(0), { authorization: 'Bearer nope' }),
    total: SIXTY_MB,
  });
  assert.is(res.status, 401);
  assert.is(res.uploadError, undefined);
});

big.run();
