import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../db/client.js';
import { hasPaid, lockNetwork, networkWaitingVideos } from './queries.js';

/**
 * The network a request came from, as a keyed hash (`videos.requester_network`): its IPv4 /24 or
 * IPv6 /64, the block one home, office or host is usually given, so new accounts made from one
 * place count as one crowd. Keyed with the server's secret: the column names no address.
 */
export function requesterNetwork(ip: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`requester-network:${networkOf(ip)}`)
    .digest('base64url');
}

/** `ip`'s /24 (IPv4, also when mapped into IPv6) or /64 (IPv6); anything else whole. */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const tailGroups = tail ? tail.split(':') : [];
    // A dotted IPv4 ending holds two groups.
    const tailLength = tailGroups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
    groups.push(...Array<string>(8 - groups.length - tailLength).fill('0'), ...tailGroups);
  }
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The render job's queue priority (the queue takes the highest first, then the oldest), in the
 * create's transaction after the debit has locked the user's row. A video of an account that never
 * paid ranks behind the waiting videos of its person or of its network's unpaid accounts, whichever
 * are more; one of an account that has paid, behind its person's own only. So each network's next
 * free video goes before any network's second, however many accounts it makes, and a paying person
 * neither waits for nor holds back the free accounts sharing their address. Why:
 * docs/security.md, "Fair shares of the render queue".
 */
export async function renderPriority(
  tx: Pick<Db, 'select' | 'execute'>,
  video: { userId: string; network: string; videoId: string; ownWaiting: number },
): Promise<number> {
  if (await hasPaid(tx, video.userId)) return -video.ownWaiting;
  // Creates from one network count its waiting videos one at a time, as the user's row lock does a
  // person's: parallel creates from a crowd would otherwise all count none and all rank first.
  await lockNetwork(tx, video.network);
  return -Math.max(video.ownWaiting, await networkWaitingVideos(tx, video.network, video.videoId));
}
