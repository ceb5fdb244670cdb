// Whose address a request comes from, for the self-enrolment search budget per address (issue 28 §5).
//
// X-Forwarded-For can be written by anyone, so it is read only as far as trusted proxies vouch for it:
// from the right, each hop that is a trusted proxy passes on to the address it says it received the
// request from; the first address that is not a trusted proxy is the client. A client that sends its
// own X-Forwarded-For only adds entries to the left of what the proxies append, so it cannot choose
// its address.
//   * Local stack (server/functions): the peer is the socket's address; with FINGERPRINT_TRUSTED_PROXIES
//     unset nobody is trusted and the socket's address is the client (a reverse proxy in front of the
//     stack must be listed, e.g. FINGERPRINT_TRUSTED_PROXIES=127.0.0.1).
//   * Supabase Edge Functions (supabase/functions/fingerprint-enrol): the platform's gateway sets
//     X-Forwarded-For and is the peer (peer = null: trusted); the rightmost entry is the address it saw.
//     Internal hops the platform may append can be listed in FINGERPRINT_TRUSTED_PROXIES.

/** '::ffff:10.0.0.1' → '10.0.0.1'; trims; empty → null. */
export function normalizeIp(value: string | null | undefined): string | null {
  const ip = (value ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return ip === '' ? null : ip;
}

/** The comma-separated list of trusted proxy addresses (an environment variable's value). */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => normalizeIp(entry))
    .filter((entry): entry is string => entry !== null);
}

/**
 * The client's address: `peer` (the connection's address; null when the runtime's platform is the
 * peer and is trusted), then X-Forwarded-For from the right while the hop is a trusted proxy.
 */
export function clientIp(
  forwardedFor: string | null | undefined,
  peer: string | null,
  trustedProxies: readonly string[],
): string | null {
  const trusted = new Set(trustedProxies.map((p) => normalizeIp(p)));
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => normalizeIp(entry))
    .filter((entry): entry is string => entry !== null);
  let current = normalizeIp(peer);
  if (current !== null && !trusted.has(current)) return current;
  while (hops.length) {
    current = hops.pop()!;
    if (!trusted.has(current)) return current;
  }
  return current;
}
