/**
 * Starts the Stripe-mode e2e server: a loopback Stripe fake at STRIPE_API_URL, then the product in
 * this process, its Stripe SDK pointed there. With NODE_ENV=production it serves the web app that
 * the first e2e server's `npm start` built, without building it again.
 */
import { startStripeFake } from '../../apps/server/test/support/stripe-fake.js';

await startStripeFake({ port: Number(new URL(process.env.STRIPE_API_URL ?? '').port) });
await import('../../apps/server/src/main.js');
