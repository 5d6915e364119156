import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from './provider.js';

/** Stripe's public test cards the built-in provider knows, and what each does. */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; message: string }> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, message: 'Your card was declined.' },
  '4000000000009995': { ok: false, message: 'Your card has insufficient funds.' },
};
export const UNKNOWN_TEST_CARD_MESSAGE =
  'Test mode: use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient funds).';

/** What a test card does (spaces and dashes ignored), or undefined for any other number. */
export const testCardOutcome = (cardNumber: string) => TEST_CARDS[cardNumber.replace(/[\s-]/g, '')];

/**
 * Payments without any outside service, for running the product on one machine: a payment is a
 * pending row whose client secret is signed with the server's key, confirmed by the browser's test card form through
 * `POST /api/payments/test/confirm`.
 */
export function createTestPaymentProvider(signingKey: string): PaymentProvider & {
  /** The payment a client secret was made for, or undefined when it is not one of ours. */
  paymentOfSecret(clientSecret: string): string | undefined;
} {
  const sign = (id: string) => createHmac('sha256', signingKey).update(id).digest('hex');
  const createPayment = async () => {
    const providerPaymentId = `testpi_${randomBytes(12).toString('hex')}`;
    return {
      providerPaymentId,
      clientSecret: `${providerPaymentId}_secret_${sign(providerPaymentId)}`,
    };
  };
  return {
    name: 'test',
    publicConfig: { provider: 'test' },
    serverRenewsPlans: true,
    createPayment,
    async startPlanPayment(_user, _tier, expectedCents) {
      return { ...(await createPayment()), amountCents: expectedCents };
    },
    // The server keeps the pending tier and applies it at renewal.
    async setRenewalTier() {},
    // A void payment is refused at its confirmation.
    async voidPayment() {},
    paymentOfSecret(clientSecret) {
      const [id, signature] = clientSecret.split('_secret_');
      if (!id || !signature) return undefined;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
