/**
 * The product's enums and limits (spec section 9), with no runtime dependency. The one source for
 * the contract's schemas, the database schema, the engine (through `@rasma/contract/constants`)
 * and the web app.
 */

export const DIRECTIONS = [
  'Left to right',
  'Right to left',
  'Top to bottom',
  'Bottom to top',
] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DEFAULT_DIRECTION: Direction = 'Left to right';

export const AI_MODELS = ['rasma-ai', 'rasma-ai-color'] as const;
export type AiModel = (typeof AI_MODELS)[number];
export const DEFAULT_AI_MODEL: AiModel = 'rasma-ai';
export const MODEL_CREDIT_COST: Record<AiModel, number> = { 'rasma-ai': 10, 'rasma-ai-color': 15 };
/** The model that brushes the picture's colours in after the drawing. */
export const isColourModel = (model: AiModel): boolean => model === 'rasma-ai-color';

export const VIDEO_STATUSES = ['processing', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
/**
 * Videos one person may have waiting or being made at once; one more is a 429. Renders are shared
 * fairly between people whatever this is (each person's next video goes before anybody's second).
 */
export const MAX_WAITING_VIDEOS_PER_USER = 10;

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'plus', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
/** Spec 5: non-space text, an @, text, a dot, text. The form checks this as the person types. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What an address the server would not take is told, by the form and by the server. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
/** The digits of the sign-in code sent by e-mail. */
export const VERIFICATION_CODE_LENGTH = 6;
/** "6-digit", as the sign-in texts say it. */
export const VERIFICATION_CODE_DIGITS = `${VERIFICATION_CODE_LENGTH}-digit`;
/** Spec 5: what a code of the wrong form is told. */
export const INVALID_CODE_MESSAGE = `Please enter the ${VERIFICATION_CODE_DIGITS} verification code`;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Why a balance changed: one ledger row each. */
export const LEDGER_KINDS = [
  'signup_grant',
  'video_debit',
  'video_refund',
  'weekly_grant',
  'plan_grant',
  'pack_purchase',
  'admin_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** A new free-tier account's first week (spec 9). */
export const SIGNUP_GRANT_CREDITS = 40;

/** A plan (spec 9): its credits each period and its price in cents. */
export interface Plan {
  tier: SubscriptionTier;
  credits: number;
  interval: 'week' | 'month';
  priceCents: number;
  mostPopular?: boolean;
}

/** Free: 20 credits a week (the first week's 40 come with the account), paid plans monthly. */
export const PLANS: Record<SubscriptionTier, Plan> = {
  free: { tier: 'free', credits: 20, interval: 'week', priceCents: 0 },
  basic: { tier: 'basic', credits: 400, interval: 'month', priceCents: 1100 },
  plus: { tier: 'plus', credits: 1200, interval: 'month', priceCents: 2900, mostPopular: true },
  pro: { tier: 'pro', credits: 2000, interval: 'month', priceCents: 4900 },
};

/** Credit packs (spec 9): fixed sizes or a custom whole number, all at the same price a credit. */
export const CREDIT_PACKS = [10, 20, 50, 100] as const;
export const CREDIT_PRICE_CENTS = 50;
/** An amount in US cents as the product shows it: `$12.50`. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const MIN_CREDIT_PURCHASE = 10;
/** Far above any real purchase: keeps an amount within what a card payment takes. */
export const MAX_CREDIT_PURCHASE = 100_000;
export const DEFAULT_CUSTOM_CREDIT_PURCHASE = 20;
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** What a payment buys: a credit pack or a plan's period (first payment, upgrade or renewal). */
export const PAYMENT_PURPOSES = ['pack', 'subscription'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** `canceled`: a plan payment voided before it was paid (another plan was chosen, or the plan changed). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Subscription statuses that show the payment-issue banner (spec 2.11). */
export const PAYMENT_ISSUE_STATUSES = ['payment_failed', 'past_due'] as const;

/**
 * What an uploaded image may be (spec 5: images only): its bytes (the browser checks before it sends,
 * the server again) and its pixels, counted from the header before any is decoded.
 */
export const IMAGE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxPixels: 50_000_000 } as const;

export const BRUSH_SIZES = { Small: 10, Medium: 20, Large: 35, 'X-Large': 50 } as const;
export const DEFAULT_BRUSH_SIZE = BRUSH_SIZES.Medium;
export const DRAWING_TIME = { min: 1, max: 100, default: 15 } as const;
export const GRAYSCALE_LEVEL = { min: 0, max: 255, default: 128 } as const;
export const FILL_LEVEL = { min: 0, max: 100, step: 5, zoneDefault: 50 } as const;
/**
 * Shapes of the finished video: the picture's own proportions (the default), or a frame for where
 * videos go (landscape, vertical, square), the picture fitted on the paper with a margin.
 */
export const VIDEO_SHAPES = ['original', '16:9', '9:16', '1:1'] as const;
export type VideoShape = (typeof VIDEO_SHAPES)[number];
export const DEFAULT_VIDEO_SHAPE: VideoShape = 'original';
/**
 * What draws in the video: a hand holding the pen, in one of three skin tones (`hand`, the
 * default, is the light one: projects saved before the tones came keep that value), the pen alone,
 * or nothing.
 */
export const HANDS = ['hand', 'hand-medium', 'hand-dark', 'pen', 'none'] as const;
export type Hand = (typeof HANDS)[number];
export const DEFAULT_HAND: Hand = 'hand';
/** How each choice of `HANDS` is named to a person. */
export const HAND_LABELS: Record<Hand, string> = {
  hand: 'Hand, light skin',
  'hand-medium': 'Hand, medium skin',
  'hand-dark': 'Hand, dark skin',
  pen: 'The pen alone',
  none: 'Nothing',
};

/** Bounds on a create-video or preview payload: generous for a person, small for the server. */
export const ZONE_LIMITS = {
  maxZones: 200,
  maxPointsPerZone: 100_000,
  maxBrushSize: 500,
  maxIdLength: 64,
} as const;

/**
 * Projects: the work on one image (the image, its zones, settings and stroke edits), kept while a
 * person works. The workspace lists the `recent` ones; one unchanged for `keptDays` is deleted with
 * its files (the privacy policy says so from this number). A person has at most `maxPerUser`
 * (each may hold an image of up to `IMAGE_LIMITS.maxBytes`).
 */
export const PROJECT_LIMITS = { recent: 12, keptDays: 30, maxPerUser: 100 } as const;

const MB = 1024 * 1024;

/**
 * What one person may keep on the server. The quota counts what is free to store: projects (image,
 * thumbnail and saved state) and uploaded images waiting for their render. Finished videos do not
 * count: each is paid for in credits, so credits bound them. Free accounts get a small share of a
 * disk (250 MB is half a percent of 50 GB); paying ones more.
 */
export const STORAGE_LIMITS = {
  quotaBytes: { free: 250 * MB, basic: 2048 * MB, plus: 2048 * MB, pro: 2048 * MB },
  /** A stored image's long side at most: the largest video the engine makes (4K) needs no more. */
  imageLongSide: 3840,
  /** New projects one person may start in a rolling day. */
  newProjectsPerDay: 30,
  /** A project's saved state, as the JSON the autosave sends (zone paths simplified first). */
  maxStateBytes: 512 * 1024,
  /** Autosaves one person may send in a minute (the workspace sends one a second at most). */
  savesPerMinute: 60,
} as const satisfies {
  quotaBytes: Record<SubscriptionTier, number>;
  [key: string]: unknown;
};

/** Bytes as people read them: "850 KB", "12.4 MB", "2 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** The admin area (spec 9). */
export const ADMIN_LIMITS = {
  usersPageSize: 200,
  paymentHistory: 20,
  lookupRecentVideos: 20,
  failedVideos: 50,
  quickRefunds: [1, 5],
} as const;

/** Website analytics (spec 2.14 and 9). */
export const ANALYTICS_RANGES = ['24h', '7d', '30d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '24h';
export const ANALYTICS_LIMITS = {
  activeWindowMinutes: 5,
  recentVisitors: 50,
  topPages: 10,
  topBrowsers: 4,
  topCountries: 4,
  maxPathLength: 512,
  maxReferrerLength: 2048,
} as const;
/** What the analytics call a view whose country is not known. */
export const UNKNOWN_COUNTRY = 'Unknown';

/**
 * The `code` of every error the server sends (`{ message, code }`): what a client decides by. The
 * message is for people; the spec fixes its words.
 */
export const ERROR_CODES = [
  /** The input breaks a rule of its schema; the message names the field. */
  'VALIDATION_ERROR',
  /** The JSON body does not parse, or is empty. */
  'MALFORMED_JSON',
  /** The body, or an upload's file or number of parts, is over the server's limit. */
  'BODY_TOO_LARGE',
  /** A field of an upload is over its size limit. */
  'FIELD_TOO_LARGE',
  /** The body is not of a type the endpoint reads, or the file is not an image we take. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** The HTTP layer refused the request for another reason (a broken URL or multipart body). */
  'BAD_REQUEST',
  /** No such path, or the user, video, payment or file named is not there (or not yours). */
  'NOT_FOUND',
  /** Not signed in. */
  'UNAUTHENTICATED',
  /** Signed in but not allowed: an admin endpoint for a non-admin, another person's video. */
  'FORBIDDEN',
  /** A state-changing request sent from another site. */
  'CROSS_SITE',
  /** Too many requests of this kind from this network or for this e-mail; the message says more. */
  'RATE_LIMITED',
  /** Anything unexpected; the server logs it. */
  'INTERNAL',
  /** The database or the file storage is out of reach for a moment: the same request may succeed soon. */
  'SERVICE_UNAVAILABLE',
  /** The sign-in code is wrong; the message says how many tries are left. */
  'CODE_INVALID',
  /** No live sign-in code for this e-mail: it expired or was used. */
  'CODE_EXPIRED',
  /** Too many wrong sign-in codes: a new one must be requested. */
  'CODE_LOCKED',
  /** The e-mail (a sign-in code, a contact message) could not be sent. */
  'MAIL_FAILED',
  /** The uploaded file is empty. */
  'EMPTY_FILE',
  /** The image file is damaged or truncated. */
  'BAD_IMAGE',
  /** The image has more pixels than the server decodes. */
  'IMAGE_TOO_LARGE',
  /** A newer preview of the same person replaced this one before it ran. */
  'PREVIEW_REPLACED',
  /** The person already has `MAX_WAITING_VIDEOS_PER_USER` videos waiting or being made. */
  'TOO_MANY_WAITING_VIDEOS',
  /** The person already has `PROJECT_LIMITS.maxPerUser` projects: one must go before another. */
  'TOO_MANY_PROJECTS',
  /** The person's stored projects and waiting uploads fill their storage quota. */
  'STORAGE_QUOTA_REACHED',
  /** The person started `STORAGE_LIMITS.newProjectsPerDay` projects in the last day. */
  'TOO_MANY_NEW_PROJECTS',
  /** A project's saved state is over `STORAGE_LIMITS.maxStateBytes`. */
  'STATE_TOO_LARGE',
  /** Another image of the same person is still being read: one at a time each. */
  'UPLOAD_BUSY',
  /** The file has no audio stream we can read, or is cut short (`AUDIO_MESSAGES.notAudio`). */
  'NOT_AUDIO',
  /** The audio file is over `AUDIO_LIMITS.maxBytes`, refused while it arrives. */
  'AUDIO_TOO_LARGE',
  /** The audio, read whole, is longer than `AUDIO_LIMITS.maxSeconds`. */
  'AUDIO_TOO_LONG',
  /** The audio is shorter than `AUDIO_LIMITS.minSeconds`. */
  'AUDIO_TOO_SHORT',
  /** The audio has more channels than `AUDIO_LIMITS.maxChannels`. */
  'AUDIO_CHANNELS',
  /** The audio's sample rate is outside `AUDIO_LIMITS.sampleRate`. */
  'AUDIO_SAMPLE_RATE',
  /** Too few credits for the video. */
  'INSUFFICIENT_CREDITS',
  /** The video is not made yet, so there is nothing to download. */
  'VIDEO_NOT_READY',
  /** The video is being made and cannot be deleted now. */
  'VIDEO_PROCESSING',
  /** Credit packs are for subscribers; the person is on the free plan. */
  'PLAN_REQUIRED',
  /** The plan chosen is the person's plan already. */
  'SAME_PLAN',
  /** A plan change asked of a person with no paid plan. */
  'NO_PLAN',
  /** The free plan has no price to pay. */
  'NO_PRICE',
  /** The card was declined; the message says why. */
  'PAYMENT_FAILED',
  /** The payment was replaced by a newer plan choice, so nothing was charged. */
  'PAYMENT_REPLACED',
  /** The payment provider's answer was not usable. */
  'PROVIDER_ERROR',
  /** A payment provider's webhook whose signature does not check out. */
  'INVALID_SIGNATURE',
  /** An admin refund's Idempotency-Key was already used for a different refund. */
  'IDEMPOTENCY_KEY_REUSED',
  /** The person has `API_TOKEN_LIMITS.maxPerUser` live API tokens already. */
  'TOO_MANY_TOKENS',
  /** The person has `WEBHOOK_LIMITS.maxEndpointsPerUser` webhook endpoints already. */
  'TOO_MANY_WEBHOOKS',
  /** A webhook URL that is not https, or resolves to a private, loopback or link-local address. */
  'WEBHOOK_URL_REFUSED',
  /** The export asked for is not made yet (or failed), so there is nothing to download. */
  'EXPORT_NOT_READY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (value: unknown): value is ErrorCode =>
  (ERROR_CODES as readonly unknown[]).includes(value);
