// The client address the limits count by. X-Forwarded-For is read only when the connection comes
// from a configured proxy (config trustedProxies / env TRUSTED_PROXIES, default none): anyone can
// write the header, so trusting it from everywhere would let a guesser pick a new address per try.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** '::ffff:10.0.0.1' → '10.0.0.1', so one client has one key whichever way it connected. */
export const normalizeIp = (ip: string) =>
  ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;

/** A list of addresses and CIDR ranges ('10.0.0.1, 192.168.0.0/16, ::1'). */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    if (!address || family === 0)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const trusted = (list: BlockList, ip: string) => {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The connecting address; behind trusted proxies, the right-most X-Forwarded-For entry that is not
 * itself a trusted proxy (entries to its left were written by the client and prove nothing).
 */
export function clientAddress(req: IncomingMessage, proxies: BlockList): string {
  let ip = normalizeIp(req.socket.remoteAddress ?? 'unknown');
  if (!trusted(proxies, ip)) return ip;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => normalizeIp(hop.trim()))
    .filter((hop) => hop !== '');
  while (hops.length > 0) {
    const hop = hops.pop()!;
    if (isIP(hop) === 0) return ip; // garbage: keep the last address we could trust
    ip = hop;
    if (!trusted(proxies, hop)) return hop;
  }
  return ip;
}
