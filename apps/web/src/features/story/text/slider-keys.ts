/** A slider's range, its fine step (an arrow key) and its coarse step (Shift, Page Up/Down). */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
  coarseStep: number;
}

const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/** `value` on the slider's grid of steps, within its range, without float noise (0.09, not 0.0900001). */
export function onSliderGrid(value: number, { min, max, step }: SliderRange): number {
  const snapped = min + Math.round((value - min) / step) * step;
  return Number(Math.min(max, Math.max(min, snapped)).toFixed(decimalsOf(step)));
}

/**
 * Where a key moves a slider: the arrows by a step (with Shift, a coarse step), Page Up/Down by a
 * coarse step, Home and End to the ends; null for any other key. The same in every browser, and
 * Shift gives the coarse step the platform's range input lacks.
 */
export function sliderKeyTarget(
  key: string,
  shift: boolean,
  value: number,
  range: SliderRange,
): number | null {
  const by = shift ? range.coarseStep : range.step;
  const moves: Record<string, number> = {
    ArrowRight: value + by,
    ArrowUp: value + by,
    ArrowLeft: value - by,
    ArrowDown: value - by,
    PageUp: value + range.coarseStep,
    PageDown: value - range.coarseStep,
    Home: range.min,
    End: range.max,
  };
  const target = moves[key];
  return target === undefined ? null : onSliderGrid(target, range);
}
