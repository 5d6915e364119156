import { Pause, Play } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { AUDIO_LIMITS, clipSeconds, type VoiceClip } from '@/lib/contract';
import { secondsText, TrimWaveform } from './trim-waveform';
import { useClipPlayback } from './use-clip-playback';
import type { LoadedAudio } from './use-audio-track';

/** Settings every track has: its kept part and its loudness. */
type Clip = Pick<VoiceClip, 'trimStart' | 'trimEnd' | 'gainDb'>;

const decibels = (db: number) => `${db > 0 ? '+' : ''}${db} dB`;

/**
 * A loaded track's waveform with its trim handles, Play/Pause of the kept part and its loudness;
 * `children` are the track's own settings.
 */
export function ClipEditor<C extends Clip>({
  label,
  loaded,
  clip,
  onClip,
  children,
}: {
  label: string;
  loaded: LoadedAudio;
  clip: C;
  onClip: (clip: C) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const fileSeconds = loaded.file.durationSeconds;
  const playback = useClipPlayback(element, clip, fileSeconds);
  const kept = clipSeconds(clip, fileSeconds);
  return (
    <div className="grid gap-3">
      <audio ref={setElement} src={loaded.url} preload="auto" />
      <TrimWaveform
        label={label}
        peaks={loaded.peaks}
        fileSeconds={fileSeconds}
        trim={clip}
        onTrim={(trim) => onClip({ ...clip, ...trim })}
        playhead={playback.playhead}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600 tabular-nums">
          Kept: {secondsText(clip.trimStart)} to {secondsText(clip.trimStart + kept)} (
          {secondsText(kept)} of {secondsText(fileSeconds)})
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${playback.playing ? 'Pause' : 'Play'} the kept ${label.toLowerCase()}`}
          onClick={playback.playing ? playback.pause : playback.play}
        >
          {playback.playing ? (
            <Pause className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Play className="h-4 w-4" aria-hidden="true" />
          )}
          {playback.playing ? 'Pause' : 'Play'}
        </Button>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={id}>{label} loudness</Label>
        <div className="flex items-center gap-3">
          <Slider
            id={id}
            min={AUDIO_LIMITS.gainDb.min}
            max={AUDIO_LIMITS.gainDb.max}
            step={1}
            value={clip.gainDb}
            aria-valuetext={decibels(clip.gainDb)}
            onChange={(event) => onClip({ ...clip, gainDb: Number(event.target.value) })}
          />
          <output htmlFor={id} className="w-14 shrink-0 text-right text-sm tabular-nums">
            {decibels(clip.gainDb)}
          </output>
        </div>
      </div>
      {children}
    </div>
  );
}
