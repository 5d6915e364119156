import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import {
  cleanPath,
  countryFrom,
  describeAgent,
  isAdminPath,
  isBot,
  referrerHost,
} from './classify.js';
import { AnalyticsCeilings, clientOf } from './flood.js';
import { recordPageView } from './record.js';
import { VisitorIds } from './visitor.js';

export interface AnalyticsModuleOptions {
  db: Db;
  /** The lower-cased header a trusted proxy puts the visitor's country in; unset: `Unknown`. */
  countryHeader: string | undefined;
  /** Our public host: a referrer from it (or the host asked for) is internal navigation. */
  publicHost: string;
}

/** The web app's page-view beacon, JSON sent as text/plain. */
const BEACON_BODY_LIMIT = 4096;
/** Views counted per visitor and minute: one every two seconds, for a whole minute. */
const VIEWS_PER_VISITOR_MINUTE = 30;
/**
 * Per client address (`clientOf`), which an office or a mobile carrier shares between many people:
 * views a minute (four busy visitors' worth, dozens of people reading) and different visitors an
 * hour. A script varying its User-Agent adds at most these.
 */
export const VIEWS_PER_ADDRESS_MINUTE = 120;
export const VISITORS_PER_ADDRESS_HOUR = 50;

/** First-party, cookieless page-view collection. Prefix `/api`. */
export const analyticsModule: FastifyPluginAsync<AnalyticsModuleOptions> = async (
  app,
  { db, countryHeader, publicHost },
) => {
  const visitors = new VisitorIds(db);
  const ceilings = new AnalyticsCeilings(db);
  // `navigator.sendBeacon` sends a string as text/plain; here (this plugin only) it is JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );

  route(app, api.pageView, async ({ body, request }) => {
    const userAgent = request.headers['user-agent'] ?? '';
    const path = cleanPath(body.path);
    if (!path || isBot(userAgent) || isAdminPath(path)) return { recorded: false };
    const at = new Date();
    const visitorId = await visitors.visitorId(at, request.ip, userAgent);
    const client = await visitors.clientKey(at, clientOf(request.ip));
    const counted =
      (await ceilings.allowsView(`visitor:${visitorId}`, VIEWS_PER_VISITOR_MINUTE, 'minute', at)) &&
      (await ceilings.allowsView(`address:${client}`, VIEWS_PER_ADDRESS_MINUTE, 'minute', at)) &&
      (await ceilings.allowsVisitor(client, visitorId, VISITORS_PER_ADDRESS_HOUR, 'hour', at));
    if (counted) {
      await recordPageView(
        db,
        {
          visitorId,
          path,
          referrerHost: referrerHost(body.referrer, [publicHost, request.host]),
          ...describeAgent(userAgent),
          country: countryHeader ? countryFrom(request.headers[countryHeader]) : null,
        },
        at,
      );
    }
    // Over a ceiling the answer is a counted view's: a script cannot find the ceilings by it.
    return { recorded: true };
  });
};
