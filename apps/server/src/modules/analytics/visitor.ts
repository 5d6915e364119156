import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { saltOfDay } from './queries/page-views.js';

/** The UTC day of a moment, `YYYY-MM-DD`: each has its own salt. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Visitor ids without cookies or stored IPs: a hash of the day's secret salt, the IP and the
 * User-Agent. The salt is random, kept in the database (every server process hashes alike) and
 * deleted once its day is over (`deleteOldAnalytics`, minutes after midnight), so nobody can link a
 * visitor across days or recompute an id from an address.
 */
export class VisitorIds {
  private current: { day: string; salt: string } | undefined;

  constructor(private readonly db: Db) {}

  async visitorId(at: Date, ip: string, userAgent: string): Promise<string> {
    return this.hashed(at, `${ip}\n${userAgent}`);
  }

  /**
   * A client address (`clientOf`) as the ceilings per address store it: hashed with the day's salt
   * like a visitor id, so no address is kept. Its counts start afresh at midnight UTC.
   */
  async clientKey(at: Date, client: string): Promise<string> {
    return this.hashed(at, `client\n${client}`);
  }

  private async hashed(at: Date, text: string): Promise<string> {
    const salt = await this.salt(utcDay(at));
    return createHash('sha256').update(`${salt}\n${text}`).digest('base64url').slice(0, 22);
  }

  private async salt(day: string): Promise<string> {
    if (this.current?.day === day) return this.current.salt;
    const salt = await saltOfDay(this.db, day, randomBytes(32).toString('base64url'));
    if (!salt) throw new Error(`no analytics salt for ${day}`);
    if (!this.current || day > this.current.day) this.current = { day, salt };
    return salt;
  }
}
