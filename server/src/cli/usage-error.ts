/** A bad command line (flag, env value, missing setting): one line on stderr and exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
