export * from './common.js';
export * from './auth.js';
export * from './videos.js';
export * from './billing.js';
export * from './contact.js';
export * from './admin.js';
export * from './analytics.js';
export * from './routes.js';
