import { z } from 'zod';
import {
  apiTokenIdParamsSchema,
  apiTokensResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
} from './api-tokens.js';
import {
  createVideoExportRequestSchema,
  videoExportParamsSchema,
  videoExportResponseSchema,
} from './exports.js';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookIdParamsSchema,
  webhooksResponseSchema,
} from './webhooks.js';
import {
  adminAnalyticsSchema,
  adminEmailParamsSchema,
  adminRefundRequestSchema,
  adminRefundResponseSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  failedVideosResponseSchema,
  userLookupResponseSchema,
} from './admin.js';
import {
  pageViewRequestSchema,
  pageViewResponseSchema,
  websiteAnalyticsQuerySchema,
  websiteAnalyticsSchema,
} from './analytics.js';
import {
  authProvidersResponseSchema,
  loginQuerySchema,
  oauthCallbackParamsSchema,
  sendVerificationCodeRequestSchema,
  userSchema,
  verifyEmailCodeRequestSchema,
  verifyEmailCodeResponseSchema,
} from './auth.js';
import {
  creditHistoryResponseSchema,
  creditsResponseSchema,
  paymentConfigResponseSchema,
  purchaseCreditsRequestSchema,
  purchaseCreditsResponseSchema,
  scheduleChangeResponseSchema,
  subscribeResponseSchema,
  testPaymentConfirmRequestSchema,
  testPaymentConfirmResponseSchema,
  tierRequestSchema,
  userDetailsResponseSchema,
} from './billing.js';
import { messageResponseSchema, pageQuerySchema } from './common.js';
import { contactRequestSchema, siteInfoResponseSchema } from './contact.js';
import { endpoint } from './endpoint.js';
import {
  projectAudioFileSchema,
  projectAudioParamsSchema,
  projectIdParamsSchema,
  projectSavedResponseSchema,
  projectSceneImageParamsSchema,
  projectSceneImageSchema,
  projectSchema,
  recentProjectsResponseSchema,
  saveProjectRequestSchema,
  storageUsageSchema,
} from './projects.js';
import {
  aiPreferenceResponseSchema,
  createVideoResponseSchema,
  imagesResponseSchema,
  previewOutlineResponseSchema,
  thumbnailParamsSchema,
  userIdParamsSchema,
  videoIdParamsSchema,
  videoSchema,
  videosPageResponseSchema,
} from './videos.js';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Every call the server serves (spec section 7 plus a few of our own), by name. No path is written
 * anywhere else: the server registers these, the web app calls these.
 */
export const api = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: healthResponseSchema,
  }),

  // Accounts
  /** Who is signed in; for a token, its owner (whose id names their progress stream). */
  authUser: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    access: 'user',
    tokenScope: 'videos:read',
    summary: "The account's owner: their id, e-mail and name",
    response: userSchema,
  }),
  authProviders: endpoint({
    method: 'GET',
    path: '/api/auth/providers',
    access: 'public',
    response: authProvidersResponseSchema,
  }),
  sendVerificationCode: endpoint({
    method: 'POST',
    path: '/api/send-verification-code',
    access: 'public',
    body: sendVerificationCodeRequestSchema,
    response: messageResponseSchema,
  }),
  verifyEmailCode: endpoint({
    method: 'POST',
    path: '/api/verify-email-code',
    access: 'public',
    body: verifyEmailCodeRequestSchema,
    response: verifyEmailCodeResponseSchema,
  }),
  login: endpoint({
    method: 'GET',
    path: '/api/login',
    access: 'public',
    query: loginQuerySchema,
    response: 'redirect',
  }),
  googleCallback: endpoint({
    method: 'GET',
    path: '/api/auth/callback/google',
    access: 'public',
    query: oauthCallbackParamsSchema,
    response: 'redirect',
  }),
  appleCallback: endpoint({
    method: 'POST',
    path: '/api/auth/callback/apple',
    access: 'public',
    body: oauthCallbackParamsSchema,
    response: 'redirect',
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/logout',
    access: 'public',
    response: 'redirect',
  }),

  // Credits
  credits: endpoint({
    method: 'GET',
    path: '/api/credits',
    access: 'user',
    tokenScope: 'videos:read',
    summary: 'Your credit balance',
    response: creditsResponseSchema,
  }),
  creditHistory: endpoint({
    method: 'GET',
    path: '/api/credits/history',
    access: 'user',
    query: pageQuerySchema,
    response: creditHistoryResponseSchema,
  }),
  userDetails: endpoint({
    method: 'GET',
    path: '/api/user/details',
    access: 'user',
    response: userDetailsResponseSchema,
  }),

  // Plans and payments
  paymentConfig: endpoint({
    method: 'GET',
    path: '/api/payments/config',
    access: 'user',
    response: paymentConfigResponseSchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/subscribe',
    access: 'user',
    body: tierRequestSchema,
    response: subscribeResponseSchema,
  }),
  scheduleSubscriptionChange: endpoint({
    method: 'POST',
    path: '/api/subscription/schedule-change',
    access: 'user',
    body: tierRequestSchema,
    response: scheduleChangeResponseSchema,
  }),
  purchaseCredits: endpoint({
    method: 'POST',
    path: '/api/purchase-credits',
    access: 'user',
    body: purchaseCreditsRequestSchema,
    response: purchaseCreditsResponseSchema,
  }),
  /** Built-in test payments only: 404 while Stripe is configured. */
  testPaymentConfirm: endpoint({
    method: 'POST',
    path: '/api/payments/test/confirm',
    access: 'user',
    body: testPaymentConfirmRequestSchema,
    response: testPaymentConfirmResponseSchema,
  }),
  /** Stripe's signed events, read from the raw body: 404 while Stripe is not configured. */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/stripe',
    access: 'public',
    response: z.object({ received: z.literal(true) }),
  }),

  // Workspace and library
  aiPreference: endpoint({
    method: 'GET',
    path: '/api/user/ai-preference',
    access: 'user',
    response: aiPreferenceResponseSchema,
  }),
  previewOutline: endpoint({
    method: 'POST',
    path: '/api/preview-outline',
    access: 'user',
    multipart: true,
    response: previewOutlineResponseSchema,
  }),
  /**
   * Multipart: the `image` file and the `blobData` JSON field (spec), and optionally the `voice`
   * and `music` audio files (checked as a project's audio uploads), set by `blobData.audio`, and
   * a story's scene pictures (`scene-1`...), named by `blobData.scenes`.
   */
  createVideo: endpoint({
    method: 'POST',
    path: '/api/videos/create',
    access: 'user',
    tokenScope: 'videos:create',
    summary: 'Create a video from an upload',
    multipart: true,
    response: createVideoResponseSchema,
  }),
  videos: endpoint({
    method: 'GET',
    path: '/api/videos',
    access: 'user',
    tokenScope: 'videos:read',
    summary: 'List your videos, newest first',
    query: pageQuerySchema,
    response: videosPageResponseSchema,
  }),
  videoProgress: endpoint({
    method: 'GET',
    path: '/api/video-progress/:userId',
    access: 'user',
    tokenScope: 'videos:read',
    summary: "Follow your videos' progress as server-sent events",
    params: userIdParamsSchema,
    response: 'events',
  }),
  streamVideo: endpoint({
    method: 'GET',
    path: '/api/videos/:id/stream',
    access: 'user',
    tokenScope: 'videos:read',
    summary: "Stream a finished video's MP4 (range requests for seeking)",
    params: videoIdParamsSchema,
    response: 'file',
  }),
  downloadVideo: endpoint({
    method: 'GET',
    path: '/api/videos/:id/download',
    access: 'user',
    tokenScope: 'videos:read',
    summary: "Download a finished video's MP4, named after the video",
    params: videoIdParamsSchema,
    response: 'file',
  }),
  deleteVideo: endpoint({
    method: 'DELETE',
    path: '/api/videos/:id',
    access: 'user',
    tokenScope: 'videos:create',
    summary: 'Delete a finished or failed video',
    params: videoIdParamsSchema,
    response: messageResponseSchema,
  }),
  /** One video of the caller's, with its status and exports (what an API client polls). */
  video: endpoint({
    method: 'GET',
    path: '/api/videos/:id',
    access: 'user',
    tokenScope: 'videos:read',
    summary: 'One video: its status, progress and exports',
    params: videoIdParamsSchema,
    response: videoSchema,
  }),
  /** Makes a WebM or GIF of a finished video from its MP4 (no credits, no new drawing). */
  createVideoExport: endpoint({
    method: 'POST',
    path: '/api/videos/:id/exports',
    access: 'user',
    tokenScope: 'videos:create',
    summary: 'Make a WebM or GIF of a finished video',
    params: videoIdParamsSchema,
    body: createVideoExportRequestSchema,
    response: videoExportResponseSchema,
  }),
  /** An export's file, named after the video (`EXPORT_FORMAT_INFO[format].extension`). */
  downloadVideoExport: endpoint({
    method: 'GET',
    path: '/api/videos/:id/exports/:format',
    access: 'user',
    tokenScope: 'videos:read',
    summary: 'Download an export, named after the video',
    params: videoExportParamsSchema,
    response: 'file',
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/api/thumbnails/:name',
    access: 'user',
    tokenScope: 'videos:read',
    summary: "A finished video's thumbnail (JPEG)",
    params: thumbnailParamsSchema,
    response: 'file',
  }),
  images: endpoint({
    method: 'GET',
    path: '/api/images',
    access: 'user',
    response: imagesResponseSchema,
  }),

  // Projects: the work on an image, autosaved, listed as recent projects
  projects: endpoint({
    method: 'GET',
    path: '/api/projects',
    access: 'user',
    tokenScope: 'projects',
    summary: 'List your recent projects',
    response: recentProjectsResponseSchema,
  }),
  /** Multipart: the `image` file (checked as the create call's) and the `state` JSON field. */
  createProject: endpoint({
    method: 'POST',
    path: '/api/projects',
    access: 'user',
    tokenScope: 'projects',
    summary: 'Start a project from a picture',
    multipart: true,
    response: projectSchema,
  }),
  project: endpoint({
    method: 'GET',
    path: '/api/projects/:id',
    access: 'user',
    tokenScope: 'projects',
    summary: 'One project with its saved state',
    params: projectIdParamsSchema,
    response: projectSchema,
  }),
  projectImage: endpoint({
    method: 'GET',
    path: '/api/projects/:id/image',
    access: 'user',
    tokenScope: 'projects',
    summary: "A project's picture",
    params: projectIdParamsSchema,
    response: 'file',
  }),
  projectThumbnail: endpoint({
    method: 'GET',
    path: '/api/projects/:id/thumbnail',
    access: 'user',
    tokenScope: 'projects',
    summary: "A project's thumbnail",
    params: projectIdParamsSchema,
    response: 'file',
  }),
  saveProject: endpoint({
    method: 'PUT',
    path: '/api/projects/:id',
    access: 'user',
    tokenScope: 'projects',
    summary: "Save a project's state",
    params: projectIdParamsSchema,
    body: saveProjectRequestSchema,
    response: projectSavedResponseSchema,
  }),
  /**
   * Multipart: the `audio` file, checked by its bytes (`AUDIO_LIMITS`) and kept as AAC; replaces
   * the track's file. Counts against the storage quota.
   */
  uploadProjectAudio: endpoint({
    method: 'POST',
    path: '/api/projects/:id/audio/:track',
    access: 'user',
    tokenScope: 'projects',
    summary: "Upload a project's voice-over or music",
    params: projectAudioParamsSchema,
    multipart: true,
    response: projectAudioFileSchema,
  }),
  projectAudio: endpoint({
    method: 'GET',
    path: '/api/projects/:id/audio/:track',
    access: 'user',
    tokenScope: 'projects',
    summary: "A project's voice-over or music (AAC)",
    params: projectAudioParamsSchema,
    response: 'file',
  }),
  deleteProjectAudio: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/audio/:track',
    access: 'user',
    tokenScope: 'projects',
    summary: "Remove a project's voice-over or music",
    params: projectAudioParamsSchema,
    response: messageResponseSchema,
  }),
  /**
   * Multipart: the `image` file of a new scene, checked as the create call's image is (format,
   * bytes, pixels) and kept upright without metadata. Counts against the storage quota; the
   * project's state names it in a scene (`{ imageId }`), and the clean-up deletes one no scene has
   * named for a day.
   */
  uploadProjectSceneImage: endpoint({
    method: 'POST',
    path: '/api/projects/:id/images',
    access: 'user',
    tokenScope: 'projects',
    summary: "Upload a picture for a project's scene",
    params: projectIdParamsSchema,
    multipart: true,
    response: projectSceneImageSchema,
  }),
  projectSceneImage: endpoint({
    method: 'GET',
    path: '/api/projects/:id/images/:imageId',
    access: 'user',
    tokenScope: 'projects',
    summary: "A picture of a project's scene",
    params: projectSceneImageParamsSchema,
    response: 'file',
  }),
  /** What the person keeps against their storage quota (projects and waiting uploads). */
  storageUsage: endpoint({
    method: 'GET',
    path: '/api/storage',
    access: 'user',
    tokenScope: 'projects',
    summary: 'What you keep against your storage quota',
    response: storageUsageSchema,
  }),
  deleteProject: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id',
    access: 'user',
    tokenScope: 'projects',
    summary: 'Delete a project and its files',
    params: projectIdParamsSchema,
    response: messageResponseSchema,
  }),

  // Account: API tokens and webhooks (a browser session only: no token manages tokens)
  apiTokens: endpoint({
    method: 'GET',
    path: '/api/account/tokens',
    access: 'user',
    response: apiTokensResponseSchema,
  }),
  createApiToken: endpoint({
    method: 'POST',
    path: '/api/account/tokens',
    access: 'user',
    body: createApiTokenRequestSchema,
    response: createApiTokenResponseSchema,
  }),
  revokeApiToken: endpoint({
    method: 'DELETE',
    path: '/api/account/tokens/:id',
    access: 'user',
    params: apiTokenIdParamsSchema,
    response: messageResponseSchema,
  }),
  webhooks: endpoint({
    method: 'GET',
    path: '/api/account/webhooks',
    access: 'user',
    response: webhooksResponseSchema,
  }),
  createWebhook: endpoint({
    method: 'POST',
    path: '/api/account/webhooks',
    access: 'user',
    body: createWebhookRequestSchema,
    response: createWebhookResponseSchema,
  }),
  deleteWebhook: endpoint({
    method: 'DELETE',
    path: '/api/account/webhooks/:id',
    access: 'user',
    params: webhookIdParamsSchema,
    response: messageResponseSchema,
  }),
  /** The OpenAPI 3.1 description of the calls a token may make, generated from this table. */
  openApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    response: 'file',
  }),

  // Contact
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    body: contactRequestSchema,
    response: messageResponseSchema,
  }),
  siteInfo: endpoint({
    method: 'GET',
    path: '/api/site-info',
    access: 'public',
    response: siteInfoResponseSchema,
  }),

  // Analytics (first-party, cookieless)
  pageView: endpoint({
    method: 'POST',
    path: '/api/analytics/page-view',
    access: 'public',
    body: pageViewRequestSchema,
    response: pageViewResponseSchema,
  }),

  // Admin
  adminAnalytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics',
    access: 'admin',
    response: adminAnalyticsSchema,
  }),
  adminFailedVideos: endpoint({
    method: 'GET',
    path: '/api/admin/failed-videos',
    access: 'admin',
    response: failedVideosResponseSchema,
  }),
  adminUserLookup: endpoint({
    method: 'GET',
    path: '/api/admin/user/:email',
    access: 'admin',
    params: adminEmailParamsSchema,
    response: userLookupResponseSchema,
  }),
  adminRefund: endpoint({
    method: 'POST',
    path: '/api/admin/refund/:userId',
    access: 'admin',
    params: userIdParamsSchema,
    body: adminRefundRequestSchema,
    response: adminRefundResponseSchema,
  }),
  adminDownloadVideo: endpoint({
    method: 'GET',
    path: '/api/admin/videos/:id/download',
    access: 'admin',
    params: videoIdParamsSchema,
    response: 'file',
  }),
  adminUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    query: adminUsersQuerySchema,
    response: adminUsersPageSchema,
  }),
  websiteAnalytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/website',
    access: 'admin',
    query: websiteAnalyticsQuerySchema,
    response: websiteAnalyticsSchema,
  }),
} as const;

export type Api = typeof api;
export type EndpointName = keyof Api;
