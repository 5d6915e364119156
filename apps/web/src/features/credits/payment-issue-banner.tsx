import { AlertTriangle } from 'lucide-react';
import { PAYMENT_ISSUE_STATUSES, PLANS } from '@/lib/contract';
import { useUserDetails } from './api';

const hasPaymentIssue = (status: string) =>
  (PAYMENT_ISSUE_STATUSES as readonly string[]).includes(status);

/** Spec 2.11: shown while the subscription's status is payment_failed or past_due. */
export function PaymentIssueBanner() {
  const { data } = useUserDetails();
  if (!data || !hasPaymentIssue(data.subscriptionStatus)) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Payment issue</p>
        <p className="text-sm">
          We couldn't take the last payment for your plan. Choose your plan below to pay again; if
          it stays unpaid, your account moves to the free plan ({PLANS.free.credits} credits a
          week).
        </p>
      </div>
    </div>
  );
}
