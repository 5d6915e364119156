import type { UserLookupResponse } from '@rasma/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';

type ProviderAccount = Pick<
  UserLookupResponse['subscriptionInfo'],
  'currentSubscriptions' | 'paymentMethods'
>;

/** The provider's side of an account: its subscriptions and saved cards. */
export type ProviderAccountLookup = (customerId: string | null) => Promise<ProviderAccount>;

const NONE: ProviderAccount = { currentSubscriptions: [], paymentMethods: [] };
/** How many of each an admin sees; an account has one or two. */
const LIST_LIMIT = 10;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Reads a customer's subscriptions (those not ended) and cards from Stripe. Without Stripe (test
 * payments) or a customer there are none. When Stripe does not answer, the lookup still shows the
 * rest, with these lists empty and a warning in the log.
 */
export function stripeAccountLookup(
  stripe: Stripe | undefined,
  log: FastifyBaseLogger,
): ProviderAccountLookup {
  return async (customerId) => {
    if (!stripe || !customerId) return NONE;
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
