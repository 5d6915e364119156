import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAfterPayment } from '@/features/credits/after-payment';
import {
  usePaymentConfig,
  usePurchaseCredits,
  useRefreshBilling,
  useScheduleSubscriptionChange,
  useSubscribe,
  useUserDetails,
} from '@/features/credits/api';
import { BuyCreditsCard } from '@/features/credits/buy-credits-card';
import { CreditHistory } from '@/features/credits/credit-history';
import { DowngradeDialog, isDowngrade, type Downgrade } from '@/features/credits/downgrade-dialog';
import { PaymentDialog, type PendingPayment } from '@/features/credits/payment-dialog';
import { PaymentIssueBanner } from '@/features/credits/payment-issue-banner';
import { PlanCards, tierLabel } from '@/features/credits/plan-cards';
import { SubscriptionCard } from '@/features/credits/subscription-card';
import { usePageMeta } from '@/hooks/use-page-meta';
import { toast } from '@/hooks/use-toast';
import { AUDIO_CREDIT_RULE, STORY_CREDIT_RULE, type SubscriptionTier } from '@/lib/contract';
import { serverMessage } from '@/lib/http';

export function CreditsPage() {
  usePageMeta(
    'Credits & Subscriptions',
    'Your credit balance and its history, your plan, and credit packs.',
  );
  const { data: details } = useUserDetails();
  const { data: config } = usePaymentConfig();
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const [showPlans, setShowPlans] = useState(false);
  const [downgrade, setDowngrade] = useState<Downgrade | null>(null);
  const refresh = useRefreshBilling();
  const afterPayment = useAfterPayment();

  // The provider's return URL after a redirect-based payment.
  const [params] = useSearchParams();
  const returned = useRef(false);
  useEffect(() => {
    if (params.get('success') === 'true' && !returned.current) {
      returned.current = true;
      void afterPayment();
    }
  }, [params, afterPayment]);

  const subscribe = useSubscribe({
    onSuccess: (res, { body }) => {
      if (res.noChargeNeeded) {
        toast({ title: 'Subscription Updated', description: res.message });
        void refresh();
        return;
      }
      if (!res.clientSecret) {
        toast({
          title: 'Payment Setup Error',
          description: 'Unable to set up payment. Please try again.',
          variant: 'destructive',
        });
        return;
      }
      if (res.isProrated) toast({ title: 'Prorated Upgrade', description: res.message });
      setPayment({
        clientSecret: res.clientSecret,
        amount: res.amount,
        title: `Subscribe to ${tierLabel(body.tier)}`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Subscription Error',
        description: serverMessage(err, 'Unable to change your plan. Please try again.'),
        variant: 'destructive',
      }),
  });
  const purchase = usePurchaseCredits({
    onSuccess: (res, { body }) => setPayment({ ...res, title: `Buy ${body.credits} credits` }),
    onError: (err) =>
      toast({
        title: 'Purchase Error',
        description: serverMessage(err, 'Unable to start the purchase. Please try again.'),
        variant: 'destructive',
      }),
  });
  const schedule = useScheduleSubscriptionChange({
    onSuccess: (res) => {
      toast({ title: 'Subscription Change Scheduled', description: res.message });
      void refresh();
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to schedule subscription change. Please try again.',
        variant: 'destructive',
      }),
  });
  const busy = subscribe.isPending || purchase.isPending || schedule.isPending;
  /** A downgrade is asked about first; anything else goes ahead. */
  const askIfDowngrade = (to: SubscriptionTier, change: () => void) => {
    const from = details?.subscriptionTier;
    if (!from || !isDowngrade(from, to)) return change();
    setDowngrade({ from, to, periodEnd: details.subscriptionEndDate, confirm: change });
  };
  const choose = (tier: SubscriptionTier) =>
    askIfDowngrade(tier, () => subscribe.mutate({ body: { tier } }));
  const scheduleChange = (tier: SubscriptionTier) =>
    askIfDowngrade(tier, () => schedule.mutate({ body: { tier } }));

  return (
    <Page title="Credits & Subscriptions">
      {config?.provider === 'test' && (
        <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Test mode:</strong> payments use test cards and nothing is charged.
        </p>
      )}
      <PaymentIssueBanner />
      {!details ? (
        <Spinner />
      ) : (
        <div className="grid gap-8">
          <SubscriptionCard details={details} busy={busy} onSchedule={scheduleChange} />
          <div className="-mt-4 grid gap-1 px-1 text-sm text-slate-600">
            <p>{STORY_CREDIT_RULE}</p>
            <p>{AUDIO_CREDIT_RULE}</p>
          </div>
          {details.subscriptionTier === 'free' ? (
            <PlanCards details={details} busy={busy} onChoose={choose} />
          ) : (
            <div>
              <Button variant="outline" onClick={() => setShowPlans(!showPlans)}>
                {showPlans ? 'Hide Plans' : 'Change Plan'}
              </Button>
              {showPlans && (
                <div className="mt-6">
                  <PlanCards details={details} busy={busy} onChoose={choose} />
                </div>
              )}
            </div>
          )}
          {details.subscriptionTier !== 'free' && (
            <BuyCreditsCard
              busy={busy}
              onBuy={(credits) => purchase.mutate({ body: { credits } })}
            />
          )}
          <CreditHistory />
        </div>
      )}
      <DowngradeDialog downgrade={downgrade} onClose={() => setDowngrade(null)} />
      <PaymentDialog
        payment={payment}
        config={config}
        onClose={() => setPayment(null)}
        onPaid={() => void afterPayment()}
      />
    </Page>
  );
}
