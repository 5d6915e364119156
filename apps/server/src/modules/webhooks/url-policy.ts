import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@rasma/contract';
import type { Config } from '../../config.js';

/** The operator's webhook settings (`WEBHOOK_*` in config.ts). */
export type WebhookSettings = Config['webhooks'];

/** Why a URL is refused, in the contract's words (`WEBHOOK_MESSAGES`). */
export class RefusedUrl extends Error {
  constructor(readonly reason: 'httpsOnly' | 'privateAddress' | 'hostNotFound') {
    super(WEBHOOK_MESSAGES[reason]);
  }
}

/**
 * Every range a webhook may not reach: anything but the public unicast internet. An IPv4-mapped
 * IPv6 address (`::ffff:10.0.0.1`) is checked as its IPv4 address (BlockList does so itself), and
 * the IPv6 ranges that carry an IPv4 address some other way (NAT64, 6to4, Teredo, the deprecated
 * IPv4-compatible form) are refused whole.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** https only, unless the operator allows plain http along with private addresses. */
export function checkScheme(url: URL, settings: Pick<WebhookSettings, 'allowPrivateAddresses'>) {
  const allowed = settings.allowPrivateAddresses ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw new RefusedUrl('httpsOnly');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to for `url`: its host resolved now, refused unless every address it
 * resolves to is public (a name with one private answer among public ones could be steered to it).
 * The caller connects to this address and no other, so a second lookup cannot rebind the name.
 */
export async function resolveAllowed(
  url: URL,
  settings: Pick<WebhookSettings, 'allowPrivateAddresses'>,
): Promise<ResolvedAddress> {
  checkScheme(url, settings);
  // An IPv6 literal keeps its brackets in `hostname`.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses: { address: string; family: number }[] = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => []);
  const [first] = addresses;
  if (!first) throw new RefusedUrl('hostNotFound');
  if (!settings.allowPrivateAddresses && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new RefusedUrl('privateAddress');
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
