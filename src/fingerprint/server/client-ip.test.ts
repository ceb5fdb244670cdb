import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp, parseTrustedProxies } from './client-ip.ts';

describe('clientIp', () => {
  it('is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientIp('1.2.3.4', '198.51.100.9', [])).toBe('198.51.100.9');
    expect(clientIp('1.2.3.4, 5.6.7.8', '::ffff:198.51.100.9', ['127.0.0.1'])).toBe('198.51.100.9');
  });

  it("follows X-Forwarded-For from the right through trusted proxies only: a client's own entries are to the left", () => {
    expect(clientIp('203.0.113.5', '127.0.0.1', ['127.0.0.1'])).toBe('203.0.113.5');
    // The client wrote '6.6.6.6'; the trusted proxy appended the address it saw.
    expect(clientIp('6.6.6.6, 203.0.113.5', '127.0.0.1', ['127.0.0.1'])).toBe('203.0.113.5');
    expect(clientIp('6.6.6.6, 203.0.113.5, 10.0.0.2', '127.0.0.1', ['127.0.0.1', '10.0.0.2'])).toBe(
      '203.0.113.5',
    );
    // Nothing forwarded: the trusted proxy itself.
    expect(clientIp(undefined, '127.0.0.1', ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('on a platform that is the peer (Supabase), the rightmost forwarded entry; null when there is none', () => {
    expect(clientIp('6.6.6.6, 203.0.113.5', null, [])).toBe('203.0.113.5');
    expect(clientIp('', null, [])).toBeNull();
  });

  it('reads the trusted list and normalizes addresses', () => {
    expect(parseTrustedProxies(' 127.0.0.1, ::ffff:10.0.0.1 ,,')).toEqual(['127.0.0.1', '10.0.0.1']);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(normalizeIp(' ')).toBeNull();
  });
});
