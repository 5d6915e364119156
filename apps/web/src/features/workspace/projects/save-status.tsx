import { Check, CloudOff, LoaderCircle } from 'lucide-react';
import { STATE_TOO_LARGE_MESSAGE } from '@/lib/contract';
import { cn } from '@/lib/utils';
import type { SaveStatus } from './project-saver';

const SAID: Record<Exclude<SaveStatus, 'refused'>, string> = {
  saving: 'Saving...',
  saved: 'Saved',
  failed: 'Not saved yet: trying again...',
  gone: 'Not saved: this project was deleted.',
  'too-large': `Not saved. ${STATE_TOO_LARGE_MESSAGE}`,
};

/** The autosave's quiet word: where the work stands (`refusal`: the server's reason, if refused). */
export function SaveStatusNote({ status, refusal }: { status: SaveStatus; refusal: string }) {
  const Icon = status === 'saved' ? Check : status === 'saving' ? LoaderCircle : CloudOff;
  const trouble = status !== 'saving' && status !== 'saved';
  return (
    <p
      role="status"
      className={cn(
        'flex items-center justify-center gap-1.5 text-xs',
        trouble ? 'text-red-600' : 'text-slate-500',
      )}
    >
      <Icon
        className={cn('h-3.5 w-3.5', status === 'saving' && 'animate-spin')}
        aria-hidden="true"
      />
      {status === 'refused' ? `Not saved. ${refusal}` : SAID[status]}
    </p>
  );
}
