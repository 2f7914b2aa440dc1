/**
 * Origin equality by parsed URL parts (scheme, host, port), never by substring, for the mock
 * portal's check that a message really came from the app's frame.
 */

/** True when both strings parse to the same scheme, hostname and effective port. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    if (x.origin === 'null' || y.origin === 'null') return false;
    return x.protocol === y.protocol && x.hostname === y.hostname && x.port === y.port;
  } catch {
    return false;
  }
}
