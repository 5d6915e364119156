import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../queue/queue.js';
import { startCreditGrantJob } from '../credits/grant-job.js';
import { grantDueWeeklyCredits } from '../credits/grants.js';
import type { BillingDeps } from './plugin.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { renewDuePlans } from './subscriptions.js';
import { createTestPaymentProvider } from './test-provider.js';

/**
 * The payment provider this server uses (Stripe when configured, else built-in test payments, said
 * in the log at start) and the scheduled grants and renewals on the job queue.
 */
export async function startBilling(
  config: Pick<Config, 'sessionSecret' | 'stripe'>,
  db: Db,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<BillingDeps> {
  const stripeProvider = config.stripe ? createStripeProvider(config.stripe, db) : undefined;
  const testProvider = stripeProvider ? undefined : createTestPaymentProvider(config.sessionSecret);
  if (testProvider) {
    log.warn(
      'Payments in TEST MODE: no Stripe keys are set, so cards are not charged (test card 4242 4242 4242 4242)',
    );
  }
  const provider: PaymentProvider = stripeProvider ?? testProvider!;
  await startCreditGrantJob(
    queue,
    async () => {
      await grantDueWeeklyCredits(db);
      if (provider.serverRenewsPlans) await renewDuePlans(db, provider);
    },
    log,
  );
  return { db, provider, testProvider, stripeProvider };
}
