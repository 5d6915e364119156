import { useQuery } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { storageFullMessage, storageUsageText } from '@/lib/contract';
import { cn } from '@/lib/utils';
import { storageUsageQuery } from '../api';

/**
 * How much of their storage quota the person's projects and waiting uploads take ("12 MB of
 * 250 MB used"), or, once it is full, what to do about it.
 */
export function StorageUsageNote() {
  const { data } = useQuery(storageUsageQuery);
  if (!data) return null;
  const full = data.usedBytes >= data.quotaBytes;
  return (
    <p
      className={cn(
        'flex items-center justify-end gap-1.5 text-sm',
        full ? 'font-medium text-red-700' : 'text-slate-600',
      )}
    >
      <HardDrive className="h-4 w-4 shrink-0" aria-hidden="true" />
      {full ? storageFullMessage(data) : `Storage: ${storageUsageText(data)}`}
    </p>
  );
}
