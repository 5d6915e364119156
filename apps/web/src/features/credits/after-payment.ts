import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/hooks/use-toast';
import { creditsQueryKey } from './use-credits';
import { useRefreshBilling } from './billing-queries';

/** Spec 2.11: where the provider returns the browser after a payment it confirmed by redirect. */
export const PAYMENT_RETURN_PATH = '/credits?success=true';

/** Spec 4 and 9: about 8 balance refetches every 500 ms, then home after 2 s. */
export const AFTER_PAYMENT = { refetches: 8, everyMs: 500, homeAfterMs: 2000 } as const;

/**
 * What follows a payment the provider reported as succeeded: the toast, the balance refetched while
 * the provider's event lands, then the workspace.
 */
export function useAfterPayment() {
  const queryClient = useQueryClient();
  const refresh = useRefreshBilling();
  const navigate = useNavigate();
  return useCallback(() => {
    toast({ title: 'Payment Successful!', description: 'Your credits are on their way.' });
    void refresh();
    for (let i = 1; i <= AFTER_PAYMENT.refetches; i += 1) {
      setTimeout(
        () => void queryClient.refetchQueries({ queryKey: creditsQueryKey }),
        i * AFTER_PAYMENT.everyMs,
      );
    }
    setTimeout(() => void navigate('/'), AFTER_PAYMENT.homeAfterMs);
  }, [queryClient, refresh, navigate]);
}
