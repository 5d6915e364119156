import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ADMIN_LIMITS, INVALID_CREDITS_MESSAGE } from '@/lib/contract';
import { serverMessage } from '@/lib/http';
import { adminKeys, refundCredits } from './api';

/**
 * Spec 2.13 and 5: +1, +5 and a custom whole amount above 0. Each click is one refund: its own
 * idempotency key, so a retried request is added once. Afterwards the dashboard counts refresh and
 * `onRefunded` looks the user up again for the new balance.
 */
export function RefundControls({ userId, onRefunded }: { userId: string; onRefunded: () => void }) {
  const queryClient = useQueryClient();
  const [custom, setCustom] = useState('');
  const refund = useMutation({
    mutationFn: (credits: number) => refundCredits(userId, credits),
    onSuccess: ({ message }) => {
      toast({ title: 'Refund Successful', description: message });
      void queryClient.invalidateQueries({ queryKey: adminKeys.analytics });
      onRefunded();
    },
    onError: (error) =>
      toast({
        title: 'Refund Failed',
        description: serverMessage(error, 'Failed to process refund'),
        variant: 'destructive',
      }),
  });

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const text = custom.trim();
    const credits = Number(text);
    setCustom('');
    if (!/^\d+$/.test(text) || credits <= 0) {
      toast({
        title: 'Invalid Amount',
        description: INVALID_CREDITS_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    refund.mutate(credits);
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      {ADMIN_LIMITS.quickRefunds.map((credits) => (
        <Button
          key={credits}
          variant="outline"
          disabled={refund.isPending}
          onClick={() => refund.mutate(credits)}
        >
          +{credits} {credits === 1 ? 'Credit' : 'Credits'}
        </Button>
      ))}
      <form className="flex items-end gap-2" onSubmit={submitCustom} noValidate>
        <div>
          <Label htmlFor={`refund-${userId}`}>Custom amount</Label>
          <Input
            id={`refund-${userId}`}
            type="number"
            min={1}
            step={1}
            className="w-28"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={custom === '' || refund.isPending}>
          Add Credits
        </Button>
      </form>
    </div>
  );
}
