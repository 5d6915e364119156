import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PLANS, TEST_CARDS, TEST_CARDS_IN_WORDS } from '@rasma/contract';
import {
  NO_PROVIDER_ACCOUNT,
  type AccountHolder,
  type PaymentProvider,
  type ProviderAccount,
} from './provider.js';

export const UNKNOWN_TEST_CARD_MESSAGE = `Test mode: use ${TEST_CARDS_IN_WORDS}.`;

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** The test card with this number (spaces and dashes ignored), or undefined for any other. */
export const testCardOf = (cardNumber: string) =>
  TEST_CARDS.find((card) => digitsOf(card.number) === digitsOf(cardNumber));

/**
 * The server keeps test payments' plans itself: a paid period it keeps is the account's one
 * subscription, at the tier's monthly price. Test cards are not kept.
 */
export function serverKeptAccount(user: AccountHolder): ProviderAccount {
  const { subscriptionTier: tier, cycleStartDate: start, subscriptionEndsAt: end } = user;
  if (tier === 'free' || !start || !end) return NO_PROVIDER_ACCOUNT;
  return {
    currentSubscriptions: [
      {
        id: `testsub_${user.id}`,
        status: user.subscriptionStatus,
        plan: { amount: PLANS[tier].priceCents, interval: 'month' },
        createdAt: start.toISOString(),
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: end.toISOString(),
        canceledAt: null,
      },
    ],
    paymentMethods: [],
  };
}

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
    async accountOf(user) {
      return serverKeptAccount(user);
    },
    paymentOfSecret(clientSecret) {
      const [id, signature] = clientSecret.split('_secret_');
      if (!id || !signature) return undefined;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
