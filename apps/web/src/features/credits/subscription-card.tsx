import type { SubscriptionTier, UserDetails } from '@rasma/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { tierLabel } from './plan-cards';

const statusLabel = (status: string) =>
  status === 'active'
    ? 'Active'
    : status === 'past_due'
      ? 'Past due'
      : status === 'payment_failed'
        ? 'Payment failed'
        : status;

/** The plan now: tier, status, when it renews or ends, and a pending change. */
export function SubscriptionCard({
  details,
  busy,
  onSchedule,
}: {
  details: UserDetails;
  busy: boolean;
  onSchedule: (tier: SubscriptionTier) => void;
}) {
  const tier = details.subscriptionTier;
  const pending = details.pendingSubscriptionTier;
  const end = details.subscriptionEndDate;
  return (
    <Card title="Current Subscription">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">Plan</dt>
          <dd className="text-xl font-bold text-ink" data-testid="current-tier">
            {tier.toUpperCase()}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Status</dt>
          <dd className="font-medium text-ink">{statusLabel(details.subscriptionStatus)}</dd>
        </div>
        {end && (
          <div>
            <dt className="text-sm text-slate-500">
              {tier === 'free' ? 'Next free credits' : pending ? 'Ends on' : 'Renews on'}
            </dt>
            <dd className="font-medium text-ink">{formatDate(end)}</dd>
          </div>
        )}
      </dl>
      {pending && details.subscriptionEndsAt && (
        <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {pending === 'free'
            ? `Your plan is cancelled: you move to Free on ${formatDate(details.subscriptionEndsAt)}.`
            : `Your plan changes to ${tierLabel(pending)} on ${formatDate(details.subscriptionEndsAt)}.`}
        </p>
      )}
      {tier !== 'free' && (
        <div className="mt-4 flex flex-wrap gap-3">
          {pending ? (
            <Button variant="outline" disabled={busy} onClick={() => onSchedule(tier)}>
              Keep {tierLabel(tier)}
            </Button>
          ) : (
            <Button variant="outline" disabled={busy} onClick={() => onSchedule('free')}>
              Cancel Plan
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
