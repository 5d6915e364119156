import type {
  PaymentConfig,
  PaymentProviderName,
  SubscriptionTier,
  UserLookupResponse,
} from '@rasma/contract';

export interface NewPayment {
  userId: string;
  email: string;
  amountCents: number;
  description: string;
}

/**
 * A card payment provider. The server starts each payment here and the browser confirms it with the
 * client secret; what the payment buys is applied only from the provider's own verified result.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the payment step in the browser needs (never a secret key). */
  readonly publicConfig: PaymentConfig;
  createPayment(payment: NewPayment): Promise<{ providerPaymentId: string; clientSecret: string }>;
  /** True when the server renews paid plans itself (the provider has no subscriptions of its own). */
  readonly serverRenewsPlans: boolean;
  /**
   * Starts the payment of a plan: a new subscription, or an upgrade of the current one (charged
   * prorated; `expectedCents` is the server's own figure, which a provider may compute itself).
   */
  startPlanPayment(
    user: PlanHolder,
    tier: SubscriptionTier,
    expectedCents: number,
  ): Promise<{ providerPaymentId: string; clientSecret: string; amountCents: number }>;
  /** Makes a payment that was started but not paid unpayable (a plan payment another replaced). */
  voidPayment(providerPaymentId: string): Promise<void>;
  /** What the subscription renews as at the period's end: a tier, free (cancel), or null (as is). */
  setRenewalTier(user: PlanHolder, tier: SubscriptionTier | null): Promise<void>;
  /**
   * The provider's side of an account, as the admin's lookup shows it: its subscriptions not ended
   * and its saved payment methods (none for a user who is not its customer). Rejects when the
   * provider does not answer.
   */
  accountOf(user: AccountHolder): Promise<ProviderAccount>;
}

/** The provider's side of an account: its subscriptions and saved payment methods. */
export type ProviderAccount = Pick<
  UserLookupResponse['subscriptionInfo'],
  'currentSubscriptions' | 'paymentMethods'
>;

export const NO_PROVIDER_ACCOUNT: ProviderAccount = {
  currentSubscriptions: [],
  paymentMethods: [],
};

export interface PlanHolder {
  id: string;
  email: string;
  subscriptionTier: SubscriptionTier;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/** A user as the provider's account view needs it: the plan the server keeps, too. */
export interface AccountHolder extends PlanHolder {
  subscriptionStatus: string;
  cycleStartDate: Date | null;
  subscriptionEndsAt: Date | null;
}
