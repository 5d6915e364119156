import type Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { capitalised } from '../credits/grants.js';
import { settlePayment } from './payments.js';
import {
  endSubscription,
  eventProcessed,
  paymentExists,
  recordPaymentOnce,
  recordProcessedEvent,
  setSubscriptionStatus,
  subscriptionMovedOn,
  userOfSubscription,
} from './queries.js';
import type { StripeProvider } from './stripe-provider.js';

/** Stripe's subscription statuses as the product shows them; others leave the status as it is. */
const STATUS_SHOWN: Partial<Record<Stripe.Subscription.Status, string>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'payment_failed',
};

const at = (seconds: number) => new Date(seconds * 1000);

/** The signed event in a webhook's raw body; a bad or missing signature is a 400. */
export function verifiedEvent(
  provider: StripeProvider,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  try {
    if (!rawBody || typeof signature !== 'string') throw new Error('unsigned');
    return provider.stripe.webhooks.constructEvent(rawBody, signature, provider.webhookSecret);
  } catch {
    throw new AppError(400, 'Invalid webhook signature', 'INVALID_SIGNATURE');
  }
}

/**
 * Applies one verified Stripe event, once: an event id already recorded changes nothing. Payments
 * settle through the same path as the test provider's confirmation; subscription updates are
 * ordered by the event's own time, so a late, older event never undoes a newer one.
 */
export async function applyStripeEvent(
  db: Db,
  provider: StripeProvider,
  event: Stripe.Event,
): Promise<void> {
  if (await eventProcessed(db, event.id)) return;
  const object = event.data.object as { id?: string };
  const occurredAt = at(event.created);
  if (event.type === 'payment_intent.succeeded') {
    await settlePayment(db, event.data.object.id, { status: 'succeeded' });
  } else if (event.type === 'payment_intent.payment_failed') {
    await settlePayment(db, event.data.object.id, {
      status: 'failed',
      message: event.data.object.last_payment_error?.message ?? 'Your payment failed.',
    });
  } else if (event.type === 'invoice.paid') {
    await invoicePaid(db, provider, event.data.object);
  } else if (event.type === 'invoice.payment_failed') {
    await settlePayment(db, event.data.object.id ?? '', {
      status: 'failed',
      message: 'The payment for your plan failed.',
    });
  } else if (
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  ) {
    await subscriptionChanged(db, event.data.object, event.type, occurredAt);
  }
  await recordProcessedEvent(db, {
    id: event.id,
    type: event.type,
    objectId: object.id ?? '',
    occurredAt,
  });
}

/**
 * A plan's invoice was paid: a new subscription or a renewal starts the invoice's period (at the
 * tier of its price); a prorated invoice is an upgrade within the period.
 */
async function invoicePaid(db: Db, provider: StripeProvider, invoice: Stripe.Invoice) {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const line =
    invoice.lines.data.find((l) => l.pricing?.price_details?.price) ?? invoice.lines.data[0];
  const price = line?.pricing?.price_details?.price;
  if (!invoice.id || !subscriptionId || !line || !price) return;
  const upgrade = invoice.billing_reason === 'subscription_update';
  const settle = (invoiceId: string) =>
    settlePayment(
      db,
      invoiceId,
      { status: 'succeeded' },
      upgrade ? {} : { period: { start: at(line.period.start), end: at(line.period.end) } },
    );
  // An invoice the server asked for is settled as its payment says (one replaced by a newer plan
  // choice, whose subscription is no longer the user's, too); a renewal's is recorded first.
  if (await paymentExists(db, invoice.id)) {
    await settle(invoice.id);
    return;
  }
  const tier = await provider.tierOfPrice(typeof price === 'string' ? price : price.id);
  const userId = await userOfSubscription(
    db,
    typeof subscriptionId === 'string' ? subscriptionId : subscriptionId.id,
  );
  if (!tier || !userId) return;
  await recordPaymentOnce(db, {
    userId,
    provider: 'stripe',
    providerPaymentId: invoice.id,
    purpose: 'subscription',
    tier,
    amountCents: Math.max(1, invoice.amount_paid),
    description: `${capitalised(tier)} plan${upgrade ? ' (prorated upgrade)' : ''}`,
  });
  await settle(invoice.id);
}

async function subscriptionChanged(
  db: Db,
  subscription: Stripe.Subscription,
  type: string,
  occurredAt: Date,
) {
  if (await subscriptionMovedOn(db, subscription.id, occurredAt)) return;
  if (type === 'customer.subscription.deleted') {
    await endSubscription(db, subscription.id);
    return;
  }
  const status = STATUS_SHOWN[subscription.status];
  if (status) await setSubscriptionStatus(db, subscription.id, status);
}
