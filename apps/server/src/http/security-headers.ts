import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Browser features the app does not use, switched off for it and anything it might embed; the
 * microphone is its own only (the audio card records a voice-over).
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=(self)',
  'geolocation=()',
  'usb=()',
  'payment=()',
  'interest-cohort=()',
].join(', ');

/**
 * Security headers on every answer. The CSP allows only what the built app uses: its own scripts,
 * styles (plus inline style elements, which the dialog's scroll lock injects), images and media
 * from itself or from `data:`/`blob:` URLs it makes (previews, chosen images), and workers from
 * itself. No page may frame it. JSON answers of the API are never cached. With Stripe payments, its
 * script, frames and API are allowed too (Stripe's published CSP needs); in test mode they are not.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { https, stripe = false }: { https: boolean; stripe?: boolean },
): Promise<void> {
  const fromStripe = (...origins: string[]) => (stripe ? origins : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...fromStripe('https://js.stripe.com')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...fromStripe('https://api.stripe.com')],
        frameSrc: ["'self'", ...fromStripe('https://js.stripe.com', 'https://hooks.stripe.com')],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Cross-origin embedder isolation would also cut off the payment provider's frames.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.routeOptions.config.endpoint && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
