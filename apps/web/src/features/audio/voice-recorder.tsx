import { Mic, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { clockTime } from './level';
import { useVoiceRecorder } from './use-voice-recorder';

/**
 * Record (or Take again, when there is a voice-over) asks for the microphone on the click; while
 * recording, a level meter, the time and Stop. The recording replaces the voice-over.
 */
export function VoiceRecorder({
  hasVoice,
  disabled,
  onRecorded,
}: {
  hasVoice: boolean;
  disabled: boolean;
  onRecorded: (file: File) => void;
}) {
  const recorder = useVoiceRecorder(onRecorded);
  if (recorder.status === 'recording') {
    const percent = Math.round(recorder.level * 100);
    return (
      <div className="flex w-full flex-wrap items-center gap-3 rounded-md border border-rose-200 bg-rose-50 px-3 py-2">
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-700">
          <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-rose-600" />
          Recording
        </span>
        <span role="timer" aria-label="Recorded" className="text-sm tabular-nums">
          {clockTime(recorder.seconds)}
        </span>
        <div
          role="meter"
          aria-label="Microphone level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-rose-100"
        >
          <div className="h-full bg-rose-600" style={{ width: `${percent}%` }} />
        </div>
        <Button variant="destructive" size="sm" onClick={recorder.stop}>
          <Square className="h-4 w-4" aria-hidden="true" />
          Stop
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || recorder.status === 'asking'}
        onClick={recorder.start}
      >
        {recorder.status === 'asking' ? (
          <Spinner />
        ) : (
          <Mic className="h-4 w-4" aria-hidden="true" />
        )}
        {hasVoice ? 'Take again' : 'Record'}
      </Button>
      {recorder.refusal && (
        <p role="alert" className="w-full text-sm text-red-700">
          {recorder.refusal}
        </p>
      )}
    </>
  );
}
