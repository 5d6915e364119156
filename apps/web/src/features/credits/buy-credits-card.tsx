import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import {
  CREDIT_PACKS,
  CREDIT_PRICE_CENTS,
  DEFAULT_CUSTOM_CREDIT_PURCHASE,
  MAX_CREDIT_PURCHASE,
  MIN_CREDIT_PURCHASE,
} from '@/lib/contract';
import { formatCents } from '@/lib/format';

/** Spec 5: digits only; empty means the default of 20. */
export const customAmount = (text: string) =>
  text === '' ? DEFAULT_CUSTOM_CREDIT_PURCHASE : Number(text);

const count = (n: number) => n.toLocaleString('en-US');
/** One digit more than the largest amount: enough to see why a longer one is refused. */
const MAX_DIGITS = String(MAX_CREDIT_PURCHASE).length + 1;

/** Why the custom amount cannot be bought, or null when it can. */
export function customAmountProblem(credits: number): string | null {
  if (credits < MIN_CREDIT_PURCHASE) return `Buy at least ${count(MIN_CREDIT_PURCHASE)} credits.`;
  if (credits > MAX_CREDIT_PURCHASE) {
    return `At most ${count(MAX_CREDIT_PURCHASE)} credits at a time.`;
  }
  return null;
}

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
  const problem = customAmountProblem(credits);
  return (
    <Card title="Buy Credits" description="Extra credits that never expire, $0.50 each.">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CREDIT_PACKS.map((pack) => (
          <Button key={pack} variant="outline" disabled={busy} onClick={() => onBuy(pack)}>
            {pack} credits · {formatCents(pack * CREDIT_PRICE_CENTS)}
          </Button>
        ))}
      </div>
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <div className="grid gap-2">
          <Label htmlFor="custom-credits">Custom amount</Label>
          <Input
            id="custom-credits"
            inputMode="numeric"
            placeholder={String(DEFAULT_CUSTOM_CREDIT_PURCHASE)}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby="custom-credits-note"
            onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, MAX_DIGITS))}
            className="w-40"
          />
          <p
            id="custom-credits-note"
            role={problem ? 'alert' : undefined}
            className={problem ? 'text-sm text-red-700' : 'text-xs text-slate-600'}
          >
            {problem ??
              `From ${count(MIN_CREDIT_PURCHASE)} to ${count(MAX_CREDIT_PURCHASE)} credits.`}
          </p>
        </div>
        <Button
          className="sm:mt-7"
          disabled={busy || problem !== null}
          onClick={() => onBuy(credits)}
        >
          Buy {count(credits)} credits · {formatCents(credits * CREDIT_PRICE_CENTS)}
        </Button>
      </div>
    </Card>
  );
}
