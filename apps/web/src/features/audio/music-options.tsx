import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { AUDIO_LIMITS, type MusicClip } from '@/lib/contract';
import { secondsText } from './trim-waveform';

/** A fade's length, from none to the longest, by half seconds. */
function FadeSlider({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-3">
        <Slider
          id={id}
          min={0}
          max={AUDIO_LIMITS.fadeSeconds.max}
          step={0.5}
          value={value}
          aria-valuetext={secondsText(value)}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={id} className="w-14 shrink-0 text-right text-sm tabular-nums">
          {secondsText(value)}
        </output>
      </div>
    </div>
  );
}

/** The music's own settings: looped or played once (cut at the video's end), and its fades. */
export function MusicOptions({
  clip,
  onClip,
}: {
  clip: MusicClip;
  onClip: (clip: MusicClip) => void;
}) {
  const loopId = useId();
  return (
    <div className="grid gap-3">
      <div className="flex items-start gap-2">
        <input
          id={loopId}
          type="checkbox"
          checked={clip.loop}
          onChange={(event) => onClip({ ...clip, loop: event.target.checked })}
          className="mt-0.5 h-4 w-4 accent-ink-soft"
          aria-describedby={`${loopId}-note`}
        />
        <div>
          <Label htmlFor={loopId}>Loop until the video ends</Label>
          <p id={`${loopId}-note`} className="text-xs text-slate-500">
            {clip.loop
              ? 'The kept part plays again from its start while the video lasts.'
              : 'The kept part plays once; music longer than the video is cut at its end.'}
          </p>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FadeSlider
          label="Fade in"
          value={clip.fadeInSeconds}
          onChange={(fadeInSeconds) => onClip({ ...clip, fadeInSeconds })}
        />
        <FadeSlider
          label="Fade out"
          value={clip.fadeOutSeconds}
          onChange={(fadeOutSeconds) => onClip({ ...clip, fadeOutSeconds })}
        />
      </div>
    </div>
  );
}
