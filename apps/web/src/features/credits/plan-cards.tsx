import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PLANS, SUBSCRIPTION_TIERS, type SubscriptionTier, type UserDetails } from '@/lib/contract';
import { cn } from '@/lib/utils';
import { formatCents } from '@/lib/format';

export const tierLabel = (tier: SubscriptionTier) => tier[0]!.toUpperCase() + tier.slice(1);

/** Spec 9's plans, each with its price and credits; the current one is marked. */
export function PlanCards({
  details,
  busy,
  onChoose,
}: {
  details: UserDetails;
  busy: boolean;
  onChoose: (tier: SubscriptionTier) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {SUBSCRIPTION_TIERS.map((tier) => {
        const plan = PLANS[tier];
        const current = tier === details.subscriptionTier;
        const pending = tier === details.pendingSubscriptionTier;
        return (
          <section
            key={tier}
            aria-label={`${tierLabel(tier)} plan`}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
              plan.mostPopular ? 'border-accent ring-2 ring-accent' : 'border-slate-200',
            )}
          >
            {plan.mostPopular && (
              <span className="absolute -top-3 left-5 rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-ink">
                Most Popular
              </span>
            )}
            <h3 className="text-lg font-semibold text-ink">{tierLabel(tier)}</h3>
            <p className="mt-2 text-3xl font-bold text-ink">
              {formatCents(plan.priceCents)}
              <span className="text-sm font-normal text-slate-500">/{plan.interval}</span>
            </p>
            <ul className="mt-4 grid flex-1 gap-2 text-sm text-slate-700">
              <li className="flex gap-2">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                {plan.credits} credits a {plan.interval}
              </li>
              {tier === 'free' ? (
                <li className="flex gap-2">
                  <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                  40 credits in your first week
                </li>
              ) : (
                <li className="flex gap-2">
                  <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                  Buy extra credit packs
                </li>
              )}
            </ul>
            <Button
              className="mt-5"
              variant={plan.mostPopular ? 'accent' : 'outline'}
              disabled={busy || (current && !details.pendingSubscriptionTier)}
              onClick={() => onChoose(tier)}
            >
              {current
                ? details.pendingSubscriptionTier
                  ? `Keep ${tierLabel(tier)}`
                  : 'Current Plan'
                : pending
                  ? 'Scheduled'
                  : `Choose ${tierLabel(tier)}`}
            </Button>
          </section>
        );
      })}
    </div>
  );
}
