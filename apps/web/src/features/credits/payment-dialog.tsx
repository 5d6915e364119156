import type { PaymentConfig } from '@rasma/contract';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatCents } from '@/lib/format';
import { StripePaymentForm } from './stripe-payment-form';
import { TestCardForm } from './test-card-form';

export interface PendingPayment {
  clientSecret: string;
  amount: number;
  title: string;
}

/** The payment step: the provider's card form for a payment the server has started. */
export function PaymentDialog({
  payment,
  config,
  onClose,
  onPaid,
}: {
  payment: PendingPayment | null;
  config: PaymentConfig | undefined;
  onClose: () => void;
  onPaid: () => void;
}) {
  const paid = () => {
    onClose();
    onPaid();
  };
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{payment?.title}</DialogTitle>
        <DialogDescription>Amount due: {formatCents(payment?.amount ?? 0)}</DialogDescription>
        {payment && config?.provider === 'test' && (
          <TestCardForm clientSecret={payment.clientSecret} amount={payment.amount} onPaid={paid} />
        )}
        {payment && config?.provider === 'stripe' && (
          <StripePaymentForm
            publishableKey={config.publishableKey}
            clientSecret={payment.clientSecret}
            amount={payment.amount}
            onPaid={paid}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
