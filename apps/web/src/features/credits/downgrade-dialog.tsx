import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { PLANS, type SubscriptionTier } from '@/lib/contract';
import { formatCents, formatDate } from '@/lib/format';
import { tierLabel } from './plan-cards';

/** Spec 2.11: a lower price is a downgrade, scheduled for the period's end. */
export const isDowngrade = (from: SubscriptionTier, to: SubscriptionTier) =>
  PLANS[to].priceCents < PLANS[from].priceCents;

export interface Downgrade {
  from: SubscriptionTier;
  to: SubscriptionTier;
  /** The current period's end, when the change applies; null when not known. */
  periodEnd: string | null;
  confirm: () => void;
}

/** Asks before a downgrade is scheduled, saying what changes and when. */
export function DowngradeDialog({
  downgrade,
  onClose,
}: {
  downgrade: Downgrade | null;
  onClose: () => void;
}) {
  if (!downgrade) return null;
  const { from, to, periodEnd, confirm } = downgrade;
  const plan = PLANS[to];
  const when = periodEnd ? `on ${formatDate(periodEnd)}` : 'at the end of this period';
  const price =
    plan.priceCents === 0 ? 'free' : `${formatCents(plan.priceCents)} a ${plan.interval}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Move to {tierLabel(to)}?</DialogTitle>
        <DialogDescription>
          Nothing changes today: you keep {tierLabel(from)} until its period ends {when}. From then
          on you are on {tierLabel(to)}: {plan.credits} credits a {plan.interval}, {price}
          {to === 'free' && ', and extra credit packs are no longer offered'}. You can keep{' '}
          {tierLabel(from)} at any time before then.
        </DialogDescription>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Keep {tierLabel(from)}
          </Button>
          <Button
            onClick={() => {
              onClose();
              confirm();
            }}
          >
            Move to {tierLabel(to)} {when}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
