import { PLANS, type UserLookupResponse } from '@rasma/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { UserRow } from '../auth/users.js';

type ProviderAccount = Pick<
  UserLookupResponse['subscriptionInfo'],
  'currentSubscriptions' | 'paymentMethods'
>;

/** The provider's side of an account: its subscriptions and saved cards. */
export type ProviderAccountLookup = (user: UserRow) => Promise<ProviderAccount>;

const NONE: ProviderAccount = { currentSubscriptions: [], paymentMethods: [] };
/** How many of each an admin sees; an account has one or two. */
const LIST_LIMIT = 10;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * With test payments the server keeps the plans itself: a paid period it keeps is the account's one
 * subscription, at the tier's monthly price. Test cards are not kept.
 */
function serverKeptPlan(user: UserRow): ProviderAccount {
  const { subscriptionTier: tier, cycleStartDate: start, subscriptionEndsAt: end } = user;
  if (tier === 'free' || !start || !end) return NONE;
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
 * Reads a customer's subscriptions (those not ended) and cards from Stripe; a user who is no Stripe
 * customer has none. Without Stripe (test payments), the plan the server keeps. When Stripe does not
 * answer, the lookup still shows the rest, with these lists empty and a warning in the log.
 */
export function providerAccountLookup(
  stripe: Stripe | undefined,
  log: FastifyBaseLogger,
): ProviderAccountLookup {
  if (!stripe) return async (user) => serverKeptPlan(user);
  return async ({ stripeCustomerId: customerId }) => {
    if (!customerId) return NONE;
    try {
      const [subscriptions, methods] = await Promise.all([
        stripe.subscriptions.list({ customer: customerId, limit: LIST_LIMIT }),
        stripe.customers.listPaymentMethods(customerId, { limit: LIST_LIMIT }),
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
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'Stripe did not answer the admin lookup');
      return NONE;
    }
  };
}
