import { describe, expect, it } from 'vitest';
import { networkOf, requesterNetwork } from './fair-share.js';

describe('the network a create came from', () => {
  it('is the IPv4 /24, also when mapped into IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('is the IPv6 /64, however the address is written', () => {
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });

  it('is kept as a hash keyed with the server secret, one for each network', () => {
    const secret = 'x'.repeat(40);
    expect(requesterNetwork('2001:db8:0:1::5', secret)).toBe(
      requesterNetwork('2001:db8:0:1:ffff::9', secret),
    );
    expect(requesterNetwork('2001:db8:0:2::5', secret)).not.toBe(
      requesterNetwork('2001:db8:0:1::5', secret),
    );
    expect(requesterNetwork('203.0.113.7', 'y'.repeat(40))).not.toBe(
      requesterNetwork('203.0.113.7', secret),
    );
  });
});
