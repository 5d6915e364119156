import handSvg from '@rasma/engine/assets/hand.svg?raw';
import { handDrawing } from '@rasma/engine/outline';
import { useMemo } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { HANDS, type Hand } from '@/lib/contract';

const HAND_LABELS: Record<Hand, string> = {
  hand: 'A hand holding the pen',
  pen: 'The pen alone',
  none: 'Nothing: the drawing appears by itself',
};

/** The hand and its pen in the SVG's units (its sleeve runs on out of the video). */
const PREVIEW_VIEW_BOX = '-20 -20 560 560';

/** What draws in the video, with a small preview of it as the engine draws it. */
export function HandSelect({ value, onChange }: { value: Hand; onChange: (hand: Hand) => void }) {
  const drawing = useMemo(() => (value === 'none' ? '' : handDrawing(handSvg, value)), [value]);
  return (
    <EnumSelect
      id="video-hand"
      label="What draws"
      className="flex-1"
      options={HANDS}
      optionLabel={(hand) => HAND_LABELS[hand]}
      value={value}
      onChange={onChange}
      beside={
        <svg
          role="img"
          aria-label={`Preview: ${HAND_LABELS[value]}`}
          viewBox={PREVIEW_VIEW_BOX}
          className="h-12 w-12 shrink-0 rounded-md border border-slate-200 bg-white"
          // Our own asset, bundled at build time (no user input).
          dangerouslySetInnerHTML={{ __html: drawing }}
        />
      }
    />
  );
}
