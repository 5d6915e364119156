import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeEmail } from '@rasma/contract';
import { z } from 'zod';
import { webBuildDir } from './paths.js';
import { StorageUrlError, parseStorageUrl } from './storage/storage-url.js';

/** Every setting the server reads from the environment (`.env.example` lists the same names). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
  FFMPEG_PATH: z.string().min(1).optional(),
  STORAGE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseStorageUrl(value);
      } catch (err) {
        if (!(err instanceof StorageUrlError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    })
    .optional(),
  RENDER_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  RENDER_EXPIRY_SECONDS: z.coerce.number().int().min(1).default(120),
  RENDER_PREWARM: z.stringbool().default(true),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be an sk_ or rk_ key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be a whsec_ secret')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must be a pk_ key')
    .optional(),
  /** Where the Stripe SDK sends its calls (tests point it at a loopback fake). */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  ANALYTICS_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'ANALYTICS_COUNTRY_HEADER must be a header name')
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
  /** Lets webhooks reach private, loopback and link-local addresses over http too (tests, a closed network). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  /** The first retry of a webhook delivery waits about this long, each next one twice as long. */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
});

export interface OAuthProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset: embedded PostgreSQL (PGlite) persisted under `dataDir`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** PUBLIC_URL is https: Secure cookies, HSTS. */
  https: boolean;
  sessionSecret: string;
  logLevel: string;
  /** The built web app, served in production with a fallback to index.html. */
  webDistDir: string | undefined;
  /** Lower-cased e-mails that are administrators (besides users granted by the admin CLI). */
  adminEmails: ReadonlySet<string>;
  /** Unset: each message is written to `dataDir/outbox` as an .eml file. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Receives the contact form's messages. */
  supportEmail: string;
  /**
   * The support address the legal pages show: SUPPORT_EMAIL, or outside production the default
   * above; null in production without SUPPORT_EMAIL, so no made-up address is published.
   */
  publishedSupportEmail: string | null;
  /** A provider is configured only with both its client id and secret. */
  oauth: { google?: OAuthProviderConfig; apple?: OAuthProviderConfig };
  /** Unset: `ffmpeg` on the PATH, else the binary bundled with @ffmpeg-installer. */
  ffmpegPath: string | undefined;
  /** `s3://BUCKET?endpoint=URL&region=REGION` (validated); unset, files are kept under `dataDir`. */
  storageUrl: string | undefined;
  /**
   * Which proxies' X-Forwarded-* headers to believe for the client address and host: none (false),
   * a hop count, or the proxies' addresses. Unset, a client cannot choose its IP or host.
   */
  trustProxy: false | number | string[];
  /**
   * The header a trusted proxy sets to the visitor's country code (e.g. `cf-ipcountry`),
   * lower-cased; unset, page views have country `Unknown`.
   */
  analyticsCountryHeader: string | undefined;
  /** Renders this server process runs at once (0: none, separate `npm run worker` processes do). */
  renderWorkers: number;
  /** Keep a render process started ahead of the next render (see the render runner). */
  renderPrewarm: boolean;
  /**
   * A render job silent for this long, plus 10 s per second of drawing time, is taken for dead (its
   * worker crashed) and retried once, then failed and refunded.
   */
  renderExpirySeconds: number;
  /** Card payments through Stripe when all three keys are set; otherwise built-in test payments. */
  stripe: StripeConfig | undefined;
  /**
   * Webhook deliveries: whether they may reach private, loopback and link-local addresses (and
   * plain http), and the base of their retries' growing delays.
   */
  webhooks: { allowPrivateAddresses: boolean; retrySeconds: number };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  apiUrl: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once, at start. Nothing else reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Codes in the outbox, the database, uploads: readable by the server's user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const webDistDir = e.WEB_DIST_DIR ?? (e.NODE_ENV === 'production' ? webBuildDir : undefined);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    https: publicUrl.startsWith('https:'),
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir,
    adminEmails: new Set(e.ADMIN_EMAILS.split(',').map(normalizeEmail).filter(Boolean)),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Rasma <no-reply@${new URL(publicUrl).hostname}>`,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    publishedSupportEmail:
      e.SUPPORT_EMAIL ??
      (e.NODE_ENV === 'production' ? null : `support@${new URL(publicUrl).hostname}`),
    oauth: {
      google: provider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      apple: provider(e.APPLE_ISSUER, e.APPLE_CLIENT_ID, e.APPLE_CLIENT_SECRET),
    },
    ffmpegPath: e.FFMPEG_PATH,
    storageUrl: e.STORAGE_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    analyticsCountryHeader: e.ANALYTICS_COUNTRY_HEADER?.toLowerCase(),
    renderWorkers: e.RENDER_WORKERS,
    renderExpirySeconds: e.RENDER_EXPIRY_SECONDS,
    renderPrewarm: e.RENDER_PREWARM,
    stripe: stripeConfig(e),
    webhooks: {
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      retrySeconds: e.WEBHOOK_RETRY_SECONDS,
    },
  };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | undefined {
  const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PUBLISHABLE_KEY];
  if (keys.every((key) => key === undefined)) return undefined;
  const [secretKey, webhookSecret, publishableKey] = keys;
  if (!secretKey || !webhookSecret || !publishableKey) {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  }
  return { secretKey, webhookSecret, publishableKey, apiUrl: e.STRIPE_API_URL };
}

/** For entry points: a bad environment is a readable message and exit code 1, not a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

function provider(
  issuer: string,
  clientId?: string,
  clientSecret?: string,
): OAuthProviderConfig | undefined {
  return clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
}

/** A generated secret kept in DATA_DIR so sessions and signed cookies survive restarts. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
