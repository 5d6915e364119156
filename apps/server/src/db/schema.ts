import {
  AI_MODELS,
  DEFAULT_AI_MODEL,
  LEDGER_KINDS,
  OAUTH_PROVIDERS,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  SUBSCRIPTION_TIERS,
  VIDEO_STATUSES,
} from '@rasma/contract/constants';
import { AUDIO_TRACKS } from '@rasma/contract/audio-limits';
import {
  EXPORT_FORMATS,
  EXPORT_STATUSES,
  TOKEN_SCOPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
} from '@rasma/contract';
import { sql, type AnyColumn } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A check that a text column holds one of the contract's values (the enum's one source). */
const oneOf = (name: string, column: AnyColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: the same e-mail from any sign-in method is one user. */
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Kept in step with the credit ledger inside the same transaction. */
    credits: integer('credits').notNull().default(0),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS })
      .notNull()
      .default('free'),
    pendingSubscriptionTier: text('pending_subscription_tier', { enum: SUBSCRIPTION_TIERS }),
    subscriptionStatus: text('subscription_status').notNull().default('active'),
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    cycleStartDate: timestamp('cycle_start_date', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    aiModel: text('ai_model', { enum: AI_MODELS }).notNull().default(DEFAULT_AI_MODEL),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    oneOf('users_subscription_tier_valid', t.subscriptionTier, SUBSCRIPTION_TIERS),
    oneOf('users_pending_subscription_tier_valid', t.pendingSubscriptionTier, SUBSCRIPTION_TIERS),
    oneOf('users_ai_model_valid', t.aiModel, AI_MODELS),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not leak sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** E-mail sign-in codes: stored as an HMAC, single use, 10 minutes, dead after 5 wrong tries. */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    requestIp: text('request_ip').notNull(),
    /**
     * A hash of the nonce in the asking browser's sign-in cookie: only that browser's tries count
     * against this code (null for codes from before the cookie, which any browser may try).
     */
    clientHash: text('client_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_verification_codes_email_idx').on(t.email, t.createdAt),
    index('email_verification_codes_ip_idx').on(t.requestIp, t.createdAt),
  ],
);

/** One counted request for a rate limit (`send:email:...`, `verify:ip:...`), kept a day. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);

/** A Google or Apple identity linked to a user; the same e-mail from two providers is one user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider', { enum: OAUTH_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('oauth_accounts_user_id_idx').on(t.userId),
    oneOf('oauth_accounts_provider_valid', t.provider, OAUTH_PROVIDERS),
  ],
);

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    /**
     * The uploaded picture; null once the source is deleted (after its video is made: privacy
     * policy), and always for a story, whose pictures are its scenes' (`upload_scene_pictures`).
     */
    storageKey: text('storage_key'),
    /** The picture's type and size; null for a story. */
    mimeType: text('mime_type'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_user_id_uploaded_at_idx').on(t.userId, t.uploadedAt)],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: VIDEO_STATUSES }).notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    aiModel: text('ai_model', { enum: AI_MODELS }).notNull(),
    /**
     * The create-video settings (zones, direction, levels, drawing time) as sent: parsed again with
     * the contract's schema when the render takes them. `json`, not `jsonb`: nothing queries inside
     * it, and PostgreSQL stores a create's largest zones (about 7 MB) as text in a tenth of the time
     * it takes to build them as `jsonb` (0.2 s against 2.5 s).
     */
    options: json('options').notNull(),
    creditsUsed: integer('credits_used').notNull(),
    /**
     * A keyed hash of the network the create came from (an IPv4 /24 or IPv6 /64): renders are
     * shared fairly between networks as well as people, so many new accounts from one place do
     * not push everyone else back. Null for videos from before it was kept.
     */
    requesterNetwork: text('requester_network'),
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    durationSeconds: real('duration_seconds'),
    /** How many scenes it tells: 1 for a video of one picture, `blobData.scenes`' count for a story. */
    sceneCount: integer('scene_count').notNull().default(1),
    error: text('error'),
    createdAt: createdAt(),
    /** When it was completed, or failed. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('videos_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('videos_status_idx').on(t.status),
    check('videos_progress_range', sql`${t.progress} between 0 and 100`),
    check('videos_scene_count_positive', sql`${t.sceneCount} >= 1`),
    oneOf('videos_status_valid', t.status, VIDEO_STATUSES),
    oneOf('videos_ai_model_valid', t.aiModel, AI_MODELS),
  ],
);

/**
 * A project: the work on one image, saved while a person works. Its image and thumbnail are kept in
 * storage (`projects/`) until the owner deletes the project, or `PROJECT_LIMITS.keptDays` after its
 * last change; the upload clean-up never touches them.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    /**
     * Zones, settings, inversion and stroke edits as saved: parsed again with the contract's schema
     * when read. `json` for the reason given at `videos.options`.
     */
    state: json('state').notNull(),
    imageKey: text('image_key').notNull(),
    imageMimeType: text('image_mime_type').notNull(),
    /** Bytes of the stored image and thumbnail (the state's own are counted from the row). */
    fileBytes: integer('file_bytes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_id_updated_at_idx').on(t.userId, t.updatedAt),
    index('projects_updated_at_idx').on(t.updatedAt),
  ],
);

/**
 * A project's voice-over and music, one file per track (`projects/<id>.voice.<uuid>`, `.music.<uuid>`:
 * AAC, as `STORED_AUDIO`), replaced by the track's next upload and deleted with the project.
 */
export const projectAudio = pgTable(
  'project_audio',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    track: text('track', { enum: AUDIO_TRACKS }).notNull(),
    /**
     * The stored file, a new key for each upload: the file is stored before its row is written, and
     * the track's previous file is deleted once the new row is committed.
     */
    storageKey: text('storage_key').notNull(),
    /** The name it was uploaded with. */
    fileName: text('file_name').notNull(),
    /** The stored file's bytes (counted against the storage quota). */
    bytes: integer('bytes').notNull(),
    /** Its real length, read whole when it was checked. */
    durationSeconds: real('duration_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.track] }),
    oneOf('project_audio_track_valid', t.track, AUDIO_TRACKS),
  ],
);

/**
 * The voice-over and music sent with a create call (`images/<image id>.voice`, `.music`): kept
 * with the uploaded image until its video is made or has failed, then deleted with it. A row
 * exists exactly while its file is stored.
 */
export const uploadAudio = pgTable(
  'upload_audio',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    track: text('track', { enum: AUDIO_TRACKS }).notNull(),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.imageId, t.track] }),
    oneOf('upload_audio_track_valid', t.track, AUDIO_TRACKS),
  ],
);

/**
 * The pictures of a story's scenes sent with a create call (`images/<id>.<extension>`, each checked
 * and kept as the one-picture upload's image is), by their scene's place in `blobData.scenes`; a
 * blank board has none. Kept with the upload until its video is made or has failed, then deleted
 * with it. A row exists exactly while its file is stored.
 */
export const uploadScenePictures = pgTable(
  'upload_scene_pictures',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** The scene's index in `blobData.scenes`, from 0. */
    sceneIndex: integer('scene_index').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    /** The stored file's bytes (counted against the storage quota). */
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.sceneIndex] })],
);

/**
 * A picture uploaded for a scene of a project (`projects/<project id>.scene.<id>`), checked and kept
 * upright without metadata as the project's image is. Deleted with its project, or by the clean-up
 * once no scene of the project's saved state has named it for a day.
 */
export const projectSceneImages = pgTable(
  'project_scene_images',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The stored file's bytes (counted against the storage quota). */
    bytes: integer('bytes').notNull(),
    /** The name it was uploaded with. */
    fileName: text('file_name').notNull(),
    createdAt: createdAt(),
    /**
     * When it was uploaded, or last saved in a scene of the project's state (or found there by the
     * clean-up).
     */
    namedAt: timestamp('named_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_scene_images_project_id_idx').on(t.projectId),
    index('project_scene_images_named_at_idx').on(t.namedAt),
  ],
);

/**
 * A file made from a video besides its MP4 (`EXPORT_FORMATS`): one row per format asked for,
 * deleted with its video (the file with it, by the video's deletion).
 */
export const videoExports = pgTable(
  'video_exports',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('processing'),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.format] }),
    oneOf('video_exports_format_valid', t.format, EXPORT_FORMATS),
    oneOf('video_exports_status_valid', t.status, EXPORT_STATUSES),
  ],
);

/**
 * A personal API token. Only the SHA-256 of the token is kept (hex), never the token; a revoked
 * token keeps its row (revoked_at set) so the account page can say so, and is refused at once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's first characters, to tell tokens apart on the account page. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { enum: TOKEN_SCOPES }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);

/**
 * A person's webhook endpoint. The signing secret is kept as it is (an HMAC needs it), shown to
 * the person once at creation and never returned again.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { enum: WEBHOOK_EVENTS }).array().notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId)],
);

/**
 * One event for one endpoint: its body is fixed when the event happens, so every attempt sends
 * (and signs) the same bytes. The video may be deleted since; the delivery stays listed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    videoId: uuid('video_id').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_id_created_at_idx').on(t.endpointId, t.createdAt),
    oneOf('webhook_deliveries_status_valid', t.status, WEBHOOK_DELIVERY_STATUSES),
    oneOf('webhook_deliveries_event_valid', t.event, WEBHOOK_EVENTS),
  ],
);

/** Append-only: every grant, debit, refund and purchase is one row. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    reason: text('reason').notNull(),
    /** Makes each debit, refund and payment credit happen exactly once. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_id_idx').on(t.userId, t.createdAt),
    oneOf('credit_ledger_kind_valid', t.kind, LEDGER_KINDS),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * One counted page view, first-party and cookieless: no IP and no cookie are kept; the visitor id is
 * a hash of the day's secret salt, the IP and the User-Agent, so it links views within one UTC day
 * only.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitorId: text('visitor_id').notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host'),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    /** ISO 3166 alpha-2 from the trusted proxy's header; null when unknown. */
    country: text('country'),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);

/** What the hourly rollup counts: all views, first views of a visitor, and views per value. */
export const PAGE_VIEW_DIMENSIONS = [
  'total',
  'visitors',
  'path',
  'device',
  'browser',
  'country',
] as const;
export type PageViewDimension = (typeof PAGE_VIEW_DIMENSIONS)[number];

/**
 * Page views per hour and per value of each dimension, kept in step with `page_views` in the same
 * transaction: a month of website analytics sums a few thousand rows instead of scanning every view.
 */
export const pageViewHourly = pgTable(
  'page_view_hourly',
  {
    dimension: text('dimension', { enum: PAGE_VIEW_DIMENSIONS }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The path, device, browser or country ('' for total and visitors). */
    value: text('value').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.hour, t.value] }),
    oneOf('page_view_hourly_dimension_valid', t.dimension, PAGE_VIEW_DIMENSIONS),
  ],
);

/** The visitors seen each UTC day: a visitor's first view of the day counts them once. */
export const pageViewVisitors = pgTable(
  'page_view_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorId] })],
);

/**
 * The analytics ceilings' counts, kept here so that every server process counts against the same
 * ceiling: a key's views or an address's visitors in the window that began at `window_start`, and
 * which visitors those are (one row each, its window the address's). Rows of ended windows are
 * deleted by the analytics clean-up.
 */
export const analyticsCeilings = pgTable('analytics_ceilings', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** The secret salt of each UTC day's visitor ids; a day's salt is deleted once the day is over. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** Every admin action that changes data: who, what, to whom, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text: the entry outlives the admin's account. */
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt)],
);

/**
 * A card payment: a credit pack or a plan's period. Created pending with the provider's payment;
 * only the provider's verified result (a Stripe event, or the test provider's confirmation) moves
 * it on and applies what it buys.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's PaymentIntent id, or the test provider's own id. */
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** Credits of a pack purchase. */
    credits: integer('credits'),
    /** The plan a subscription payment is for. */
    tier: text('tier', { enum: SUBSCRIPTION_TIERS }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    description: text('description').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId, t.createdAt),
    oneOf('payments_provider_valid', t.provider, PAYMENT_PROVIDERS),
    oneOf('payments_purpose_valid', t.purpose, PAYMENT_PURPOSES),
    oneOf('payments_status_valid', t.status, PAYMENT_STATUSES),
    oneOf('payments_tier_valid', t.tier, SUBSCRIPTION_TIERS),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Each payment provider event applied, by the provider's event id: a repeated delivery is seen and
 * skipped; the event's own time orders the subscription updates that arrive out of order.
 */
export const processedProviderEvents = pgTable(
  'processed_provider_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The subscription, invoice or payment the event is about. */
    objectId: text('object_id').notNull(),
    /** When the provider created the event. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('processed_provider_events_object_idx').on(t.objectId, t.occurredAt)],
);
