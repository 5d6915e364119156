import { columnPeaks } from '@/features/audio/peaks';
import { WaveformBars } from '@/features/audio/waveform-bars';
import type { AnyPartId } from './edit-history';

/** Bars under each part: enough to see words and pauses in a block a few rem wide. */
const COLUMNS_PER_PART = 24;

/** The voice-over on the drawing's time axis: its kept part's peaks, from the video's start. */
export interface TimelineVoice {
  /** The kept part's peaks (`PEAKS_PER_SECOND`), its first at the video's start. */
  peaks: Float32Array;
  /** How long the kept part plays (seconds). */
  seconds: number;
  /** How long the drawing is (seconds): the parts' shares are of it. */
  drawingSeconds: number;
}

/**
 * Under each part of the timeline, the voice-over said while it is drawn, laid out as the parts
 * are (the same widths, padding and borders), so a part and its words line up however the track
 * is scrolled.
 */
export function VoiceRow({
  parts,
  voice,
}: {
  /** The timeline's parts: when each starts and its share, of the drawing time (0..1). */
  parts: readonly { id: AnyPartId; start: number; share: number }[];
  voice: TimelineVoice;
}) {
  return (
    <div aria-hidden="true" data-testid="voice-row" className="flex w-full gap-1">
      {parts.map((part) => (
        <div
          key={part.id}
          className="h-7 min-w-[6rem] rounded-md border-2 border-transparent bg-white px-1.5 text-ink-soft"
          style={{ flexGrow: Math.max(part.share, 0.001), flexBasis: 0 }}
        >
          <WaveformBars
            columns={columnPeaks(
              voice.peaks,
              part.start * voice.drawingSeconds,
              (part.start + part.share) * voice.drawingSeconds,
              COLUMNS_PER_PART,
            )}
          />
        </div>
      ))}
    </div>
  );
}
