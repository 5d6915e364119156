import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { PAYMENT_RETURN_PATH } from './after-payment';
import { formatCents } from '@/lib/format';

// Stripe.js is fetched from Stripe only when a payment step first opens (never in test mode).
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
};

/** The payment step with Stripe: its Payment Element for the payment the server started. */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  amount,
  onPaid,
}: {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  onPaid: () => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <ConfirmForm amount={amount} onPaid={onPaid} />
    </Elements>
  );
}

function ConfirmForm({ amount, onPaid }: { amount: number; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError('');
    toast({ title: 'Processing Payment...', description: 'Confirming your card.' });
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${PAYMENT_RETURN_PATH}` },
        redirect: 'if_required',
      });
      if (result.error) {
        const message = result.error.message ?? 'Your payment failed.';
        setError(message);
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      } else if (result.paymentIntent.status === 'succeeded') {
        onPaid();
      } else {
        toast({
          title: 'Payment Error',
          description: 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <PaymentElement />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!stripe || busy}>
        {busy && <Spinner />}
        Pay {formatCents(amount)}
      </Button>
    </form>
  );
}
