import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { columnPeaks } from './peaks';
import { moveTrimHandle, trimEndOf, trimHandleTarget, type Trim, type TrimHandle } from './trim';
import { WaveformBars } from './waveform-bars';

/** Bars across the card's waveform: fine enough on a wide screen, still bars on a phone. */
const COLUMNS = 160;

const percent = (seconds: number, of: number) => `${(seconds / of) * 100}%`;
export const secondsText = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * A track's waveform with its kept part highlighted between two handles: dragged with a pointer,
 * or moved with the arrow keys (Shift or Page Up/Down: a second at a time; Home and End: the
 * file's ends). The playhead shows where playing is.
 */
export function TrimWaveform({
  label,
  peaks,
  fileSeconds,
  trim,
  onTrim,
  playhead,
}: {
  /** The track's name, for the handles' labels. */
  label: string;
  peaks: Float32Array;
  fileSeconds: number;
  trim: Trim;
  onTrim: (trim: Trim) => void;
  /** Seconds into the file being played; null when not playing. */
  playhead: number | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const columns = columnPeaks(peaks, 0, fileSeconds, COLUMNS);
  const start = trim.trimStart;
  const end = trimEndOf(trim, fileSeconds);

  const handle = (which: TrimHandle) => {
    const at = which === 'start' ? start : end;
    const move = (seconds: number) => onTrim(moveTrimHandle(trim, which, seconds, fileSeconds));
    return {
      role: 'slider',
      tabIndex: 0,
      'aria-label': `${label} ${which === 'start' ? 'start' : 'end'}`,
      'aria-valuemin': 0,
      'aria-valuemax': Number(fileSeconds.toFixed(2)),
      'aria-valuenow': Number(at.toFixed(2)),
      'aria-valuetext': secondsText(at),
      style: { left: percent(at, fileSeconds) },
      onKeyDown: (event: KeyboardEvent) => {
        const target = trimHandleTarget(trim, which, event.key, event.shiftKey, fileSeconds);
        if (target === null) return;
        event.preventDefault();
        move(target);
      },
      onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        event.currentTarget.focus();
      },
      onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
        const rect = box.current?.getBoundingClientRect();
        if (!rect || !event.currentTarget.hasPointerCapture?.(event.pointerId)) return;
        move(((event.clientX - rect.left) / rect.width) * fileSeconds);
      },
    } as const;
  };

  return (
    <div ref={box} className="relative h-16 touch-pan-y rounded-md bg-slate-100 select-none">
      <span
        aria-hidden="true"
        className="absolute inset-y-0 rounded-sm bg-amber-100"
        style={{ left: percent(start, fileSeconds), width: percent(end - start, fileSeconds) }}
      />
      <WaveformBars columns={columns} className="absolute inset-0 text-slate-300" />
      <div
        aria-hidden="true"
        className="absolute inset-0 text-ink"
        style={{
          clipPath: `inset(0 ${100 - (end / fileSeconds) * 100}% 0 ${(start / fileSeconds) * 100}%)`,
        }}
      >
        <WaveformBars columns={columns} />
      </div>
      {playhead !== null && (
        <span
          aria-hidden="true"
          data-testid="playhead"
          className="absolute inset-y-0 w-0.5 bg-rose-600"
          style={{ left: percent(playhead, fileSeconds) }}
        />
      )}
      {(['start', 'end'] as const).map((which) => (
        <div
          key={which}
          {...handle(which)}
          className="absolute inset-y-0 z-10 flex w-6 -translate-x-1/2 cursor-ew-resize touch-none justify-center rounded focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none"
        >
          <span aria-hidden="true" className="my-1 w-1.5 rounded-full bg-amber-500 shadow" />
        </div>
      ))}
    </div>
  );
}
