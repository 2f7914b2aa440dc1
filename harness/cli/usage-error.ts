/**
 * The one error type the CLI turns into `harness: error: …` with exit code 2: a bad flag value
 * found after parsing, or a port or address that cannot be used.
 */

/** A problem the person at the terminal can fix by changing the command line. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Turns a listen failure into a UsageError naming the flag to change, or returns undefined. */
export function listenProblem(
  err: unknown,
  what: string,
  address: string,
  flag: string,
): UsageError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new UsageError(`${address} is already in use (${what}); pick another ${flag}`);
  if (code === 'EACCES')
    return new UsageError(`no permission to listen on ${address} (${what}); pick another ${flag}`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new UsageError(
      `cannot listen on ${address} (${what}): not an address of this machine; pick another ${flag}`,
    );
  }
  return undefined;
}
