import { z } from 'zod';
import {
  authProvidersResponseSchema,
  loginQuerySchema,
  oauthCallbackParamsSchema,
  sendVerificationCodeRequestSchema,
  userSchema,
  verifyEmailCodeRequestSchema,
  verifyEmailCodeResponseSchema,
} from './auth.js';
import { creditsResponseSchema } from './billing.js';
import { messageResponseSchema } from './common.js';
import { contactRequestSchema } from './contact.js';
import { endpoint } from './endpoint.js';

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
  authUser: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    access: 'user',
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
    response: creditsResponseSchema,
  }),

  // Contact
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    body: contactRequestSchema,
    response: messageResponseSchema,
  }),
} as const;

export type Api = typeof api;
export type EndpointName = keyof Api;
