import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /**
   * Test-only: also allow loopback addresses (127.0.0.0/8, ::1), so tests can serve pictures
   * from a local server. Never set in production; private and link-local stay refused.
   */
  allowLoopbackForTests?: boolean;
}

/** Whether a resolved IP address may be fetched from: public unicast only. */
export function isAllowedAddress(address: string, policy: AddressPolicy = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:10.0.0.1 is 10.0.0.1: judge the IPv4 address inside.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return true;
  return range === 'loopback' && policy.allowLoopbackForTests === true;
}
