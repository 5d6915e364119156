import handSvg from '@rasma/engine/assets/hand.svg?raw';
import { handDrawing } from '@rasma/engine/outline';
import { useId } from 'react';
import { HAND_LABELS, HANDS, type Hand } from '@/lib/contract';
import { cn } from '@/lib/utils';

/** The hand and its pen in the SVG's units (its sleeve runs on out of the video). */
const PREVIEW_VIEW_BOX = '0 -20 400 400';

/**
 * Each choice drawn as the engine draws it (nothing for `none`), made once. The tiles share one
 * page, where an id names one element only: each tile's gradients get ids of their own, or every
 * tile would be painted with the first tile's skin.
 */
const PREVIEWS = Object.fromEntries(
  HANDS.map((hand) => [
    hand,
    hand === 'none'
      ? ''
      : handDrawing(handSvg, hand)
          .replaceAll('id="', `id="${hand}-`)
          .replaceAll('url(#', `url(#${hand}-`),
  ]),
) as Record<Hand, string>;

/**
 * What draws in the video: one tile per choice, each showing it as the engine draws it. Radio
 * buttons, so the arrow keys move between them.
 */
export function HandSelect({ value, onChange }: { value: Hand; onChange: (hand: Hand) => void }) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">What draws</legend>
      <div className="grid grid-cols-3 gap-2">
        {HANDS.map((hand) => (
          <label
            key={hand}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-1.5 text-center text-xs font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-soft',
              value === hand
                ? 'border-ink-soft bg-indigo-50 text-ink'
                : 'border-slate-200 text-slate-600 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={hand}
              checked={value === hand}
              onChange={() => onChange(hand)}
              className="sr-only"
            />
            <svg
              aria-hidden="true"
              data-testid="hand-preview"
              viewBox={PREVIEW_VIEW_BOX}
              className="h-14 w-14 rounded-md bg-white"
              // Our own asset, bundled at build time (no user input).
              dangerouslySetInnerHTML={{ __html: PREVIEWS[hand] }}
            />
            {HAND_LABELS[hand]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
