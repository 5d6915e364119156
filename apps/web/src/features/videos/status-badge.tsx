import type { VideoStatus } from '@rasma/contract';
import { cn } from '@/lib/utils';

const STATUS = {
  processing: { label: 'Processing', className: 'bg-indigo-50 text-ink-soft ring-indigo-200' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-700 ring-red-200' },
} satisfies Record<VideoStatus, { label: string; className: string }>;

export function StatusBadge({ status }: { status: VideoStatus }) {
  const { label, className } = STATUS[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        className,
      )}
    >
      {label}
    </span>
  );
}
