import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signToken } from '../../../harness/api/auth.ts';
import { widFromToken } from '../../../harness/check-api/token-claims.ts';
import { LEARNER_ID_CASES } from '../../fixtures/learner-id-cases.ts';

const it = suite('check-api widFromToken');

it('the wid claim first, else sub after its last colon, else null', () => {
  assert.is(widFromToken(signToken({ wid: 'wid-1', sub: 'f:x:other' }, 's')), 'wid-1');
  assert.is(widFromToken(signToken({ sub: 'f:realm-id:user-42' }, 's')), 'user-42');
  assert.is(widFromToken(signToken({ sub: 'plain-sub' }, 's')), 'plain-sub');
  assert.is(widFromToken(signToken({ sub: 'f:realm:' }, 's')), null);
  assert.is(widFromToken(signToken({ wid: '', email: 'a@b' }, 's')), null);
  assert.is(widFromToken('not-a-jwt'), null);
  assert.is(widFromToken('a.b!.c'), null);
  assert.is(widFromToken(`x.${Buffer.from('[1]').toString('base64url')}.y`), null);
  for (const [claims, id] of LEARNER_ID_CASES)
    assert.is(widFromToken(signToken(claims, 's')), id || null, JSON.stringify(claims));
});

it.run();
