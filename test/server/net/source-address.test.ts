import { describe, expect, it } from 'vitest';
import { connectionSource } from '../../../server/net/source-address.ts';

describe('connectionSource', () => {
  it('takes an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(connectionSource('127.0.0.2')).toBe('127.0.0.2');
    expect(connectionSource('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    expect(connectionSource('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(connectionSource('2001:0db8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(connectionSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(connectionSource('::1')).toBe('0:0:0:0::/64');
    expect(connectionSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('names a connection without an address "unknown"', () => {
    expect(connectionSource(undefined)).toBe('unknown');
  });
});
