import { Eraser } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HelpLink } from '@/components/ui/help-link';
import { BrushSizePicker } from './brush-size-picker';
import type { ZonesState } from './use-zones';
import { ZoneItem } from './zone-item';

/**
 * Spec 2.5: Special Zones are painted on the image and drawn first, in this list's order, each
 * with its own direction and fill.
 */
export function ZonesCard({
  zones,
  dispatch,
  brushSize,
  onBrushSize,
}: ZonesState & { brushSize: number; onBrushSize: (size: number) => void }) {
  return (
    <Card
      title="Special Zones"
      description="Paint over parts of the image to draw them first, in the order listed."
      actions={<HelpLink section="blob-drawing" topic="painting Special Zones" />}
    >
      <div className="grid gap-4">
        <BrushSizePicker value={brushSize} onChange={onBrushSize} />
        <div className="flex items-center justify-between gap-2">
          <h3 className="flex items-center gap-1 text-sm font-medium text-slate-800">
            Drawing order
            <HelpLink section="animation-order" topic="animation order" />
          </h3>
          {zones.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'clear' })}>
              <Eraser className="h-4 w-4" aria-hidden="true" />
              Remove All
            </Button>
          )}
        </div>
        {zones.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            No zones yet. Everything is drawn together, in the global direction.
          </p>
        ) : (
          <ol aria-label="Special Zones" className="grid gap-3">
            {zones.map((zone, index) => (
              <ZoneItem
                key={zone.id}
                zone={zone}
                index={index}
                count={zones.length}
                dispatch={dispatch}
              />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
