import { api } from '@rasma/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import { settlePayment } from './payments.js';
import type { PaymentProvider } from './provider.js';
import type { StripeProvider } from './stripe-provider.js';
import { applyStripeEvent, verifiedEvent } from './stripe-webhook.js';
import { purchaseCredits, scheduleChange, subscribe } from './subscriptions.js';
import {
  UNKNOWN_TEST_CARD_MESSAGE,
  testCardOutcome,
  type createTestPaymentProvider,
} from './test-provider.js';

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  /** Set when payments run in test mode: serves the test card confirmation. */
  testProvider: ReturnType<typeof createTestPaymentProvider> | undefined;
  /** Set when payments go through Stripe: serves its webhook. */
  stripeProvider: StripeProvider | undefined;
}

const notServed = () => new AppError(404, 'Not found', 'NOT_FOUND');
const paymentNotFound = () => new AppError(404, 'Payment not found', 'NOT_FOUND');

/** Plans, packs and card payments. Prefix `/api`. */
export const billingModule: FastifyPluginAsync<BillingDeps> = async (
  app,
  { db, provider, testProvider, stripeProvider },
) => {
  route(app, api.paymentConfig, () => provider.publicConfig);
  route(app, api.subscribe, ({ user, body }) => subscribe(db, provider, user.id, body.tier));
  route(app, api.scheduleSubscriptionChange, ({ user, body }) =>
    scheduleChange(db, provider, user.id, body.tier),
  );
  route(app, api.purchaseCredits, ({ user, body }) =>
    purchaseCredits(db, provider, user.id, body.credits),
  );

  route(app, api.testPaymentConfirm, async ({ user, body }) => {
    if (!testProvider) throw notServed();
    const providerPaymentId = testProvider.paymentOfSecret(body.clientSecret);
    if (!providerPaymentId) throw paymentNotFound();
    const [own] = await db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.userId, user.id)));
    if (!own) throw paymentNotFound();
    if (own.status === 'canceled') {
      throw new AppError(
        409,
        'This payment was replaced by a newer plan choice, so nothing was charged.',
        'PAYMENT_REPLACED',
      );
    }
    const card = testCardOutcome(body.cardNumber);
    if (!card)
      throw new AppError(400, `cardNumber: ${UNKNOWN_TEST_CARD_MESSAGE}`, 'VALIDATION_ERROR');
    const settled = await settlePayment(
      db,
      providerPaymentId,
      card.ok ? { status: 'succeeded' } : { status: 'failed', message: card.message },
    );
    if (settled?.status !== 'succeeded') {
      throw new AppError(402, settled?.failureMessage ?? 'Payment failed', 'PAYMENT_FAILED');
    }
    return { status: 'succeeded' as const };
  });

  // Stripe signs the exact bytes it sent: this route reads its JSON body unparsed.
  await app.register(
    async (webhooks) => {
      webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      // Stripe's servers send no Origin: the cross-site check leaves them alone and refuses browsers.
      route(webhooks, api.stripeWebhook, async ({ request }) => {
        if (!stripeProvider) throw notServed();
        const event = verifiedEvent(
          stripeProvider,
          Buffer.isBuffer(request.body) ? request.body : undefined,
          request.headers['stripe-signature'],
        );
        await applyStripeEvent(db, stripeProvider, event);
        return { received: true as const };
      });
    },
    { prefix: '/webhooks' },
  );
};
