import { Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Spinner } from '@/components/ui/spinner';
import { AUDIO_TRACK_LABELS } from '@/lib/contract';
import { clockTime } from './level';
import type { AudioTrackState, TrackWork } from './use-audio-track';

const WORK_TEXT: Record<TrackWork | 'loading', string> = {
  checking: 'Checking the file…',
  uploading: 'Sending the file…',
  removing: 'Removing…',
  loading: 'Loading the track…',
};

/**
 * One track of the audio card: its name and file, the ways to give it one (`sources`), what it is
 * busy with or why a file was refused, the track's editor once loaded (`children`), and Remove
 * (asked first).
 */
export function TrackSection({
  state,
  sources,
  children,
}: {
  state: AudioTrackState;
  sources: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const label = AUDIO_TRACK_LABELS[state.track];
  const { file } = state;
  const work = state.work ?? (state.loading ? 'loading' : null);
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-sm font-semibold text-ink">
          {label}
        </h3>
        {file && (
          <p className="min-w-0 truncate text-xs text-slate-600" title={file.fileName}>
            {file.fileName} · {clockTime(file.durationSeconds)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {sources}
        {file && (
          <Button
            variant="ghost"
            size="sm"
            className="sm:ml-auto"
            disabled={state.work !== null}
            aria-label={`Remove the ${label.toLowerCase()}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <p role="status" className="text-xs text-slate-600 empty:hidden">
        {work && (
          <span className="inline-flex items-center gap-1.5">
            <Spinner className="h-3.5 w-3.5" />
            {WORK_TEXT[work]}
          </span>
        )}
      </p>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      {children}
      <ConfirmDeleteDialog
        open={confirming}
        title={`Remove the ${label.toLowerCase()}?`}
        pending={state.work === 'removing'}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void state.remove().then((removed) => {
            if (removed) setConfirming(false);
          })
        }
      >
        “{file?.fileName}” is deleted from this project. Videos already made keep their sound.
      </ConfirmDeleteDialog>
    </section>
  );
}
