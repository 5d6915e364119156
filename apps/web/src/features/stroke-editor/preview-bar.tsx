import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PlaybackClock } from './playback-clock';
import { PositionSlider } from './position-slider';

/**
 * The preview's place in the drawing (with sound: in the whole video), to scrub, and the way back
 * to the strokes.
 */
export function PreviewBar({
  clock,
  frames,
  withSound,
  onClose,
}: {
  clock: PlaybackClock;
  /** The frames the preview plays (0 until they are there). */
  frames: number;
  withSound: boolean;
  onClose: () => void;
}) {
  return (
    <div className="grid gap-1 px-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PositionSlider clock={clock} frames={frames} />
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="h-4 w-4" aria-hidden="true" />
          Back to strokes
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {withSound
          ? 'The preview plays the drawing with its sound, free of charge, to the end of the video (the colouring shows in the video only).'
          : 'The preview plays the drawing only, free of charge; the video lasts longer (see the drawing time).'}
      </p>
    </div>
  );
}
