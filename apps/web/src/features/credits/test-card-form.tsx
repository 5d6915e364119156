import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { PAYING_TEST_CARD, TEST_CARDS_IN_WORDS } from '@/lib/contract';
import { ApiError } from '@/lib/http';
import { formatCents } from '@/lib/format';
import { useTestPaymentConfirm } from './api';

/** MM/YY of a month not yet over. */
export function isFutureExpiry(text: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

/** The expiry as it is typed: digits only, the slash put in after the month ("1234" is 12/34). */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The payment step in test mode: a card form that takes Stripe's public test cards, confirmed by
 * the server (which decides what the card does).
 */
export function TestCardForm({
  clientSecret,
  amount,
  onPaid,
}: {
  clientSecret: string;
  amount: number;
  onPaid: () => void;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState('');
  const confirm = useTestPaymentConfirm({
    onSuccess: onPaid,
    onError: (err) => {
      if (
        err instanceof ApiError &&
        (err.code === 'PAYMENT_FAILED' || err.code === 'VALIDATION_ERROR')
      ) {
        setError(err.serverMessage);
        toast({ title: 'Payment Failed', description: err.serverMessage, variant: 'destructive' });
      } else {
        toast({
          title: 'Payment Error',
          description: 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isFutureExpiry(expiry)) return setError('Enter a future expiry date as MM/YY');
    if (!/^\d{3,4}$/.test(cvc)) return setError('Enter the 3 or 4 digit CVC');
    setError('');
    toast({ title: 'Processing Payment...', description: 'Confirming your card.' });
    confirm.mutate({ body: { clientSecret, cardNumber } });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        <strong>Test mode:</strong> no card is charged. Use {TEST_CARDS_IN_WORDS}, any future expiry
        and any CVC.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="card-number">Card number</Label>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={PAYING_TEST_CARD.number}
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value.replace(/[^\d ]/g, '').slice(0, 23))}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" disabled={confirm.isPending || confirm.isSuccess}>
        {confirm.isPending && <Spinner />}
        Pay {formatCents(amount)}
      </Button>
    </form>
  );
}
