/**
 * Authentication (docs/api.md "Auth"): a call without a valid token, or whose `wid` header is not
 * the token's learner, is a 401 and changes nothing; a missing rootorg, org or domain is a 400.
 */
import { addNote, type Ctx, totalOf } from '../context.ts';
import { expect, expectRefusal } from '../expect.ts';

/** The token with its payload changed and its signature kept, or null when it is not a JWT. */
export function tamperedToken(token: string): string | null {
  const [head, body, sig, ...rest] = token.split('.');
  if (!head || !body || !sig || rest.length > 0) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const changed = Buffer.from(JSON.stringify({ ...payload, chk_tampered: true })).toString('base64url');
  return `${head}.${changed}.${sig}`;
}

/** The auth checks. */
export async function authChecks(ctx: Ctx): Promise<void> {
  const { t, api, ids } = ctx;
  await t.check('auth: no Authorization header → 401 { error }', async () => {
    expectRefusal(await api.get('/notes/recent', { headers: { authorization: undefined } }), 401);
  });
  await t.check('auth: a bearer value that is not a token → 401', async () => {
    expectRefusal(
      await api.get('/notes/recent', { headers: { authorization: 'Bearer not-a-real-token' } }),
      401,
    );
  });
  const tampered = tamperedToken(api.identity.token);
  if (tampered === null) t.skip('auth: a tampered token → 401', 'the token is not a JWT');
  else
    await t.check('auth: a tampered token (payload changed, signature kept) → 401', async () => {
      expectRefusal(
        await api.get('/notes/recent', { headers: { authorization: `Bearer ${tampered}` } }),
        401,
      );
    });
  await t.check("auth: a wid header that is not the token's → 401", async () => {
    const wid = `${api.identity.wid}-not-me`;
    expectRefusal(await api.get('/notes/recent', { headers: { wid } }), 401);
  });
  await t.check('auth: no wid header → 401', async () => {
    expectRefusal(await api.get('/notes/recent', { headers: { wid: undefined } }), 401);
  });
  await t.check('auth: an add without a token → 401, and nothing is stored', async () => {
    const refId = ids.id('auth-add');
    const body = { refId, content: '<p>must not be stored</p>' };
    expectRefusal(await addNote(ctx, body, { headers: { authorization: undefined } }), 401);
    const found = await totalOf(api, { refId });
    expect(found === 0, 'no note stored', `${found} stored`);
  });
  for (const name of ['rootorg', 'org', 'domain'] as const) {
    await t.check(`auth: no ${name} header → 400 naming it`, async () => {
      expectRefusal(await api.get('/notes/recent', { headers: { [name]: undefined } }), 400, name);
    });
  }
}
