import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { PaymentProvider } from './provider.js';
import type { StripeProvider } from './stripe-provider.js';
import type { createTestPaymentProvider } from './test-provider.js';
import { applyStripeEvent, verifiedEvent } from './stripe-webhook.js';
import { purchaseCredits, scheduleChange, subscribe } from './subscriptions.js';
import { confirmTestPayment } from './test-payments.js';

/** The process's payment provider (started by the composition root), and which kind it is. */
export interface Payments {
  provider: PaymentProvider;
  /** Set when payments run in test mode: serves the test card confirmation. */
  testProvider: ReturnType<typeof createTestPaymentProvider> | undefined;
  /** Set when payments go through Stripe: serves its webhook and the admin's provider view. */
  stripeProvider: StripeProvider | undefined;
}

export type BillingDeps = Payments & { db: Db };

const notServed = () => new AppError(404, 'Not found', 'NOT_FOUND');

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

  route(app, api.testPaymentConfirm, ({ user, body }) => {
    if (!testProvider) throw notServed();
    return confirmTestPayment(db, testProvider, user.id, body);
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
