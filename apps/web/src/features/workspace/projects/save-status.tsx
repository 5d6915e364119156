import { Check, CloudOff, LoaderCircle } from 'lucide-react';
import { TOO_MANY_PROJECTS_MESSAGE } from '@/lib/contract';
import { cn } from '@/lib/utils';
import type { SaveStatus } from './project-saver';

const SAID: Record<SaveStatus, string> = {
  saving: 'Saving...',
  saved: 'Saved',
  failed: 'Not saved yet: trying again...',
  gone: 'Not saved: this project was deleted.',
  refused: `Not saved. ${TOO_MANY_PROJECTS_MESSAGE}`,
};

/** The autosave's quiet word: where the work stands. */
export function SaveStatusNote({ status }: { status: SaveStatus }) {
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
      {SAID[status]}
    </p>
  );
}
