import Bowser from 'bowser';
import { singleLineTextSchema } from '@rasma/contract';
import { parseInput } from '../../errors.js';

/** Crawlers, link previews, monitors, scripts and automated browsers: not people, not counted. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|scrapy|phantomjs|selenium|puppeteer|playwright/i;

export const isBot = (userAgent: string) => userAgent.trim() === '' || BOT_AGENT.test(userAgent);

/** The admin area's own pages are not the website's traffic. */
export const isAdminPath = (path: string) => /^\/admin(\/|$)/i.test(path);

/** Rounds of percent-decoding a path gets; one still encoded after them is not a page. */
const DECODE_ROUNDS = 4;

/** One round of percent-decoding; an escape that is not UTF-8 is decoded if ASCII, else kept. */
const decodeOnce = (path: string) =>
  path.replace(/(?:%[\da-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%[0-7][\da-f]/gi, (ascii) => decodeURIComponent(ascii));
    }
  });

/**
 * The page a path names, so every spelling of a page counts as that page (and `//admin`,
 * `/admin%252fusers`, `/admin;x`, `/admin\users` or `/x/../admin` as the admin area): the path
 * alone (no query string or fragment: they may carry personal data), percent-decoded until it stops
 * changing, backslashes read as slashes, `;params` dropped, dot segments resolved, empty segments
 * folded. Undefined when it is still encoded after `DECODE_ROUNDS`; a 400 when it decodes to
 * control characters.
 */
export function cleanPath(path: string): string | undefined {
  let decoded = path.replace(/[?#].*$/s, '');
  for (let round = 0; ; round++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    if (round === DECODE_ROUNDS) return undefined;
    decoded = next;
  }
  const segments: string[] = [];
  for (const segment of parseInput(singleLineTextSchema, decoded, 'path').split(/[/\\]/)) {
    const name = segment.replace(/;.*$/s, '');
    if (name === '..') segments.pop();
    else if (name !== '' && name !== '.') segments.push(name);
  }
  return `/${segments.join('/')}`;
}

/** The browsers people use, as Bowser names them; any other name is `Other`. */
const KNOWN_BROWSERS = new Set([
  'Amazon Silk',
  'Android Browser',
  'Brave',
  'Chrome',
  'Chromium',
  'DuckDuckGo',
  'Firefox',
  'Focus',
  'Internet Explorer',
  'Microsoft Edge',
  'NAVER Whale Browser',
  'Opera',
  'QQ Browser',
  'Safari',
  'Samsung Internet for Android',
  'UC Browser',
  'Vivaldi',
  'WeChat',
  'Yandex Browser',
]);

export interface Agent {
  device: 'Desktop' | 'Mobile' | 'Tablet';
  browser: string;
}

export function describeAgent(userAgent: string): Agent {
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const device = type === 'mobile' ? 'Mobile' : type === 'tablet' ? 'Tablet' : 'Desktop';
  const name = parsed.browser.name;
  return { device, browser: name && KNOWN_BROWSERS.has(name) ? name : 'Other' };
}

/** A country code from the trusted proxy's header; anything else (none, `XX`, Tor's `T1`) is null. */
export function countryFrom(header: string | string[] | undefined): string | null {
  const code = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** The host a visitor came from; none for a direct visit, our own site or an unreadable value. */
export function referrerHost(referrer: string | undefined, ownHosts: string[]): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host && !ownHosts.some((own) => own.toLowerCase() === host) ? host : null;
  } catch {
    return null;
  }
}
