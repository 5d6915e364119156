import type { CreditsResponse } from '@rasma/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/hooks/use-toast';
import { creditsKeys, useRefreshBilling } from './api';

/** Spec 2.11: where the provider returns the browser after a payment it confirmed by redirect. */
export const PAYMENT_RETURN_PATH = '/credits?success=true';

/** Spec 4 and 9: about 8 balance refetches every 500 ms, then home after 2 s. */
export const AFTER_PAYMENT = { refetches: 8, everyMs: 500, homeAfterMs: 2000 } as const;

/**
 * What follows a payment the provider reported as succeeded: the balance read again, a toast that
 * says whether the credits have arrived (the test provider credits them as it confirms; Stripe's
 * event can land a moment later), the balance refetched while it lands, then the workspace.
 */
export function useAfterPayment() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  const navigate = useNavigate();
  return useCallback(async () => {
    const balance = () => queryClient.getQueryData<CreditsResponse>(creditsKeys.balance)?.credits;
    const before = balance();
    await queryClient.refetchQueries({ queryKey: creditsKeys.balance });
    const after = balance();
    toast({
      title: 'Payment Successful!',
      description:
        before !== undefined && after !== undefined && after > before
          ? `${after - before} credits added: your balance is now ${after}.`
          : 'Your credits are added as soon as the payment provider confirms the payment.',
    });
    void refresh();
    for (let i = 1; i <= AFTER_PAYMENT.refetches; i += 1) {
      setTimeout(
        () => void queryClient.refetchQueries({ queryKey: creditsKeys.balance }),
        i * AFTER_PAYMENT.everyMs,
      );
    }
    setTimeout(() => void navigate('/'), AFTER_PAYMENT.homeAfterMs);
  }, [queryClient, refresh, navigate]);
}
