import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key.ts';

describe('clientKeyOf: what a per-client throttle counts by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKeyOf(ip)).toBe(key);
  });

  it('puts every address of one /64 together, and other /64s apart', () => {
    expect(clientKeyOf('2001:db8:1:2::a')).toBe(clientKeyOf('2001:db8:1:2:ffff::b'));
    expect(clientKeyOf('2001:db8:1:3::a')).not.toBe(clientKeyOf('2001:db8:1:2::a'));
  });
});
