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

export const VIDEO_STATUSES = ['processing', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'basic', 'plus', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

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

export const BRUSH_SIZES = { Small: 10, Medium: 20, Large: 35, 'X-Large': 50 } as const;
export const DEFAULT_BRUSH_SIZE = BRUSH_SIZES.Medium;
export const DRAWING_TIME = { min: 1, max: 100, default: 15 } as const;
export const GRAYSCALE_LEVEL = { min: 0, max: 255, default: 128 } as const;
export const FILL_LEVEL = { min: 0, max: 100, step: 5, zoneDefault: 50 } as const;

/** Bounds on a create-video or preview payload: generous for a person, small for the server. */
export const ZONE_LIMITS = {
  maxZones: 200,
  maxPointsPerZone: 100_000,
  maxBrushSize: 500,
  maxIdLength: 64,
} as const;
