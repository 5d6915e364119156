import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { useCredits } from '@/features/credits/api';
import {
  exportsCreditCost,
  MODEL_CREDIT_COST,
  storyCreditCost,
  type AiModel,
  type ExportFormat,
  type PricedScene,
} from '@/lib/contract';

/**
 * What the video costs (its scenes by `STORY_CREDIT_RULE`, and the exports chosen with it by
 * `exportsCreditCost`, as the server prices it) and the balance after it.
 */
export function CreditCost({
  aiModel,
  scenes,
  exports,
}: {
  aiModel: AiModel;
  scenes: readonly PricedScene[];
  exports: readonly ExportFormat[];
}) {
  const { data } = useCredits();
  const cost = storyCreditCost(MODEL_CREDIT_COST[aiModel], scenes) + exportsCreditCost(exports);
  const balance = data ? Math.floor(data.credits) : undefined;
  const after = balance === undefined ? undefined : balance - cost;
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
          Cost: <strong className="font-semibold text-ink">{cost} credits</strong>
        </span>
        {after !== undefined && after >= 0 && (
          <span className="text-slate-600">Balance after: {after}</span>
        )}
      </div>
      {after !== undefined && after < 0 && (
        <p className="mt-1.5 text-amber-700">
          You have {balance} credits.{' '}
          <Link to="/credits" className="font-medium underline underline-offset-2">
            Add credits
          </Link>
        </p>
      )}
    </div>
  );
}
