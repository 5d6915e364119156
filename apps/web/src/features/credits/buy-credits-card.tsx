import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import {
  CREDIT_PACKS,
  CREDIT_PRICE_CENTS,
  DEFAULT_CUSTOM_CREDIT_PURCHASE,
  MIN_CREDIT_PURCHASE,
} from '@/lib/contract';
import { formatCents } from '@/lib/format';

/** Spec 5: digits only; empty means the default of 20. */
export const customAmount = (text: string) =>
  text === '' ? DEFAULT_CUSTOM_CREDIT_PURCHASE : Number(text);

/** Packs and a custom amount at $0.50 a credit (spec 9); for paid plans only. */
export function BuyCreditsCard({
  busy,
  onBuy,
}: {
  busy: boolean;
  onBuy: (credits: number) => void;
}) {
  const [text, setText] = useState('');
  const credits = customAmount(text);
  return (
    <Card title="Buy Credits" description="Extra credits that never expire, $0.50 each.">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CREDIT_PACKS.map((pack) => (
          <Button key={pack} variant="outline" disabled={busy} onClick={() => onBuy(pack)}>
            {pack} credits · {formatCents(pack * CREDIT_PRICE_CENTS)}
          </Button>
        ))}
      </div>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="custom-credits">Custom amount (min {MIN_CREDIT_PURCHASE})</Label>
          <Input
            id="custom-credits"
            inputMode="numeric"
            placeholder={String(DEFAULT_CUSTOM_CREDIT_PURCHASE)}
            value={text}
            onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 6))}
            className="w-40"
          />
        </div>
        <Button disabled={busy || credits < MIN_CREDIT_PURCHASE} onClick={() => onBuy(credits)}>
          Buy {credits} credits · {formatCents(credits * CREDIT_PRICE_CENTS)}
        </Button>
      </div>
    </Card>
  );
}
