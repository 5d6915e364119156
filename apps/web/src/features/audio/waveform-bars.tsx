import { cn } from '@/lib/utils';

/** Each column a bar centred on the middle line, as tall as its peak (never flat: silence shows). */
function barsPath(columns: Float32Array): string {
  let path = '';
  columns.forEach((peak, c) => {
    const height = Math.max(2, peak * 100);
    path += `M${c + 0.15} ${(100 - height) / 2}h0.7v${height}h-0.7z`;
  });
  return path;
}

/**
 * A waveform's bars, stretched to the box it is in (an SVG scales with its box: nothing to redraw
 * on a resize). Decorative: what it shows is said in words beside it.
 */
export function WaveformBars({
  columns,
  className,
}: {
  /** Each column's peak, 0..1. */
  columns: Float32Array;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${columns.length} 100`}
      preserveAspectRatio="none"
      className={cn('h-full w-full fill-current', className)}
    >
      <path d={barsPath(columns)} />
    </svg>
  );
}
