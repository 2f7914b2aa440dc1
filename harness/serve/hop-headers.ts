/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, not the message, so a proxy must
 * not pass them on. Dropping the API's `Connection: close` matters in particular: forwarded, it
 * would make the app server cut the client's connection while the client may still be sending.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Always connection-specific. `Transfer-Encoding` stays: node re-frames the body to match it. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

/** A copy of `headers` without hop-by-hop headers, including any the `Connection` header names. */
export function withoutHopHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const drop = new Set([...HOP_BY_HOP, ...named]);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !drop.has(name)) out[name] = value;
  }
  return out;
}
