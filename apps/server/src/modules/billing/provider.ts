import type { PaymentConfig, PaymentProviderName } from '@rasma/contract';

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
}
