import { PLANS, SUBSCRIPTION_TIERS, type SubscriptionTier } from '@rasma/contract';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { capitalised } from '../credits/grants.js';
import {
  NO_PROVIDER_ACCOUNT,
  type PaymentProvider,
  type PlanHolder,
  type ProviderAccount,
} from './provider.js';
import { setProviderCustomerId, setProviderSubscriptionId } from './queries.js';

const PAID_TIERS = SUBSCRIPTION_TIERS.filter((tier) => tier !== 'free');
const lookupKey = (tier: SubscriptionTier) => `rasma_${tier}`;

export interface StripeProvider extends PaymentProvider {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  /** The plan a Stripe price id is for. */
  tierOfPrice(priceId: string): Promise<SubscriptionTier | undefined>;
}

export function stripeClient(config: StripeConfig): Stripe {
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    telemetry: false,
    maxNetworkRetries: 2,
  });
}

/** How many subscriptions and payment methods an account view lists; an account has one or two. */
const ACCOUNT_LIST_LIMIT = 10;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A Stripe customer's subscriptions (those not ended) and saved payment methods. */
export async function stripeAccountOf(
  stripe: Stripe,
  customerId: string | null,
): Promise<ProviderAccount> {
  if (!customerId) return NO_PROVIDER_ACCOUNT;
  const [subscriptions, methods] = await Promise.all([
    stripe.subscriptions.list({ customer: customerId, limit: ACCOUNT_LIST_LIMIT }),
    stripe.customers.listPaymentMethods(customerId, { limit: ACCOUNT_LIST_LIMIT }),
  ]);
  return {
    currentSubscriptions: subscriptions.data.map((s) => {
      const item = s.items.data[0];
      return {
        id: s.id,
        status: s.status,
        plan: {
          amount: item?.price.unit_amount ?? 0,
          interval: item?.price.recurring?.interval ?? 'month',
        },
        createdAt: iso(s.created),
        currentPeriodStart: iso(item?.current_period_start ?? s.created),
        currentPeriodEnd: iso(item?.current_period_end ?? s.created),
        canceledAt: s.canceled_at === null ? null : iso(s.canceled_at),
      };
    }),
    paymentMethods: methods.data.map((m) => ({
      id: m.id,
      type: m.type,
      card: m.card
        ? {
            brand: m.card.brand,
            last4: m.card.last4,
            expMonth: m.card.exp_month,
            expYear: m.card.exp_year,
          }
        : null,
    })),
  };
}

/**
 * Card payments through Stripe: PaymentIntents for packs, Subscriptions for plans (the first or
 * prorated invoice's payment is what the browser confirms). Each plan's monthly price is found by
 * its lookup key, and created once if the account has none.
 */
export function createStripeProvider(config: StripeConfig, db: Db): StripeProvider {
  const stripe = stripeClient(config);
  let prices: Promise<Map<SubscriptionTier, string>> | undefined;

  async function loadPrices() {
    const found = await stripe.prices.list({
      lookup_keys: PAID_TIERS.map(lookupKey),
      active: true,
    });
    const byTier = new Map<SubscriptionTier, string>();
    for (const tier of PAID_TIERS) {
      const price =
        found.data.find((p) => p.lookup_key === lookupKey(tier)) ??
        (await stripe.prices.create({
          currency: 'usd',
          unit_amount: PLANS[tier].priceCents,
          recurring: { interval: 'month' },
          lookup_key: lookupKey(tier),
          product_data: { name: `Rasma ${capitalised(tier)}` },
        }));
      byTier.set(tier, price.id);
    }
    return byTier;
  }
  async function priceOf(tier: SubscriptionTier): Promise<string> {
    prices ??= loadPrices().catch((err: unknown) => {
      prices = undefined;
      throw err;
    });
    const id = (await prices).get(tier);
    if (!id) throw new AppError(400, 'The free plan has no price', 'NO_PRICE');
    return id;
  }

  async function customerOf(user: PlanHolder): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await stripe.customers.create({
      email: user.email,
      metadata: { userId: user.id },
    });
    await setProviderCustomerId(db, user.id, customer.id);
    return customer.id;
  }

  async function itemOf(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new AppError(502, 'The subscription has no plan', 'PROVIDER_ERROR');
    return item.id;
  }

  const invoicePayment = (invoice: Stripe.Invoice | string | null) => {
    const secret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : null;
    if (typeof invoice !== 'object' || !invoice?.id || !secret) {
      throw new AppError(502, 'Unable to set up payment', 'PROVIDER_ERROR');
    }
    return { providerPaymentId: invoice.id, clientSecret: secret, amountCents: invoice.amount_due };
  };

  return {
    name: 'stripe',
    publicConfig: { provider: 'stripe', publishableKey: config.publishableKey },
    serverRenewsPlans: false,
    stripe,
    webhookSecret: config.webhookSecret,
    async tierOfPrice(priceId) {
      for (const tier of PAID_TIERS) if ((await priceOf(tier)) === priceId) return tier;
      return undefined;
    },
    async createPayment(payment) {
      const intent = await stripe.paymentIntents.create({
        amount: payment.amountCents,
        currency: 'usd',
        description: payment.description,
        receipt_email: payment.email,
        automatic_payment_methods: { enabled: true },
        metadata: { userId: payment.userId },
      });
      if (!intent.client_secret)
        throw new AppError(502, 'Unable to set up payment', 'PROVIDER_ERROR');
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },
    async startPlanPayment(user, tier) {
      const price = await priceOf(tier);
      if (user.stripeSubscriptionId && user.subscriptionTier !== 'free') {
        const updated = await stripe.subscriptions.update(user.stripeSubscriptionId, {
          items: [{ id: await itemOf(user.stripeSubscriptionId), price }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
          cancel_at_period_end: false,
          expand: ['latest_invoice.confirmation_secret'],
        });
        return invoicePayment(updated.latest_invoice);
      }
      const created = await stripe.subscriptions.create({
        customer: await customerOf(user),
        items: [{ price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: user.id },
        expand: ['latest_invoice.confirmation_secret'],
      });
      await setProviderSubscriptionId(db, user.id, created.id);
      return invoicePayment(created.latest_invoice);
    },
    accountOf: (user) => stripeAccountOf(stripe, user.stripeCustomerId),
    async voidPayment(invoiceId) {
      // A plan's payment is its invoice (an incomplete subscription's lapses with it).
      await stripe.invoices.voidInvoice(invoiceId);
    },
    async setRenewalTier(user, tier) {
      const subscriptionId = user.stripeSubscriptionId;
      if (!subscriptionId) return;
      if (tier === 'free') {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
        return;
      }
      // The next period's price, without a charge or credit now.
      await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: false,
        proration_behavior: 'none',
        items: [
          {
            id: await itemOf(subscriptionId),
            price: await priceOf(tier ?? user.subscriptionTier),
          },
        ],
      });
    },
  };
}
