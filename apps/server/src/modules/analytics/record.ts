import type { Db } from '../../db/client.js';
import { insertPageView, type PageView } from './queries/page-views.js';
import { utcDay } from './visitor.js';

export type { PageView };

export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/**
 * Stores a page view and counts it in the hourly rollup, in one transaction. A visitor's first view
 * of the UTC day also counts them once in that hour's `visitors`.
 */
export async function recordPageView(db: Db, view: PageView, at: Date): Promise<void> {
  await insertPageView(db, view, { time: at, day: utcDay(at), hour: floorHour(at) });
}
