/**
 * Parsed `ParentContext` values (what the bridge hands on after validation), so session and
 * start-up tests don't restate every field.
 */
import type { ParentContext } from '../../src/protocol/messages.ts';

/** A complete, valid context; `over` replaces top-level fields and `user` fields merge. */
export const fakeContext = (
  over: Partial<Omit<ParentContext, 'user'>> & { user?: Partial<ParentContext['user']> } = {},
): ParentContext => {
  const { user, ...rest } = over;
  return {
    rootOrg: 'Infosys',
    org: 'Infosys Ltd',
    url: '/app/toc',
    locale: 'en',
    theme: { name: 'blue' },
    darkMode: false,
    fontSize: 'medium',
    fontClass: 'custom-typography',
    playerData: null,
    ...rest,
    user: {
      token: 'header.payload.signature',
      email: 'zoe@example.com',
      firstName: 'Zoë',
      lastName: 'Lee',
      userId: 'w-1',
      roles: [],
      ...user,
    },
  };
};
