/**
 * The second e2e server runs the product with Stripe payments, its Stripe API a loopback fake
 * (support/stripe-server.ts). Its keys are made up: nothing leaves the machine.
 */
export const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_rasma_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_rasma_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_rasma_e2e',
};

/** The server's address and its fake Stripe API's, set by playwright.config.ts. */
export function stripeModeUrls(): { server: string; stripeApi: string } {
  const server = process.env.RASMA_E2E_STRIPE_SERVER_URL;
  const stripeApi = process.env.RASMA_E2E_STRIPE_API_URL;
  if (!server || !stripeApi) throw new Error('the Stripe-mode server is not configured');
  return { server, stripeApi };
}
