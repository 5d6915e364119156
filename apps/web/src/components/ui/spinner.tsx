import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinner centred in a block, where content is loading. */
export function LoadingBlock() {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="h-6 w-6 text-slate-400" />
    </div>
  );
}

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('h-4 w-4 animate-spin', className)} aria-hidden="true" />;
}
