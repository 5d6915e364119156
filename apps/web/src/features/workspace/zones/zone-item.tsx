import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { DirectionSelect } from '../fields/direction-select';
import { FillSlider } from '../fields/fill-slider';
import type { Zone } from './zone';
import type { ZoneListAction } from './zone-list';

/** One zone of the list: its number and colour (as on the canvas), direction, fill and moves. */
export function ZoneItem({
  zone,
  index,
  count,
  dispatch,
}: {
  zone: Zone;
  index: number;
  count: number;
  dispatch: (action: ZoneListAction) => void;
}) {
  const name = `Zone ${index + 1}`;
  const { id } = zone;
  return (
    <li aria-label={name} className="grid gap-3 rounded-xl border border-slate-200 p-3">
      <div className="flex items-center gap-2">
        <span
          className="flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold text-white"
          style={{ backgroundColor: zone.colour }}
          data-testid="zone-colour"
          aria-hidden="true"
        >
          {index + 1}
        </span>
        <span className="text-sm font-medium text-ink">{name}</span>
        <div className="ml-auto flex gap-1">
          <ZoneButton
            label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => dispatch({ type: 'move', id, by: -1 })}
          >
            <ArrowUp className="h-4 w-4" />
          </ZoneButton>
          <ZoneButton
            label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => dispatch({ type: 'move', id, by: 1 })}
          >
            <ArrowDown className="h-4 w-4" />
          </ZoneButton>
          <ZoneButton
            label={`Delete ${name}`}
            className="text-red-600 hover:bg-red-50"
            onClick={() => dispatch({ type: 'remove', id })}
          >
            <Trash2 className="h-4 w-4" />
          </ZoneButton>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-xs text-slate-500">
          Direction
          <DirectionSelect
            label={`${name} direction`}
            value={zone.direction}
            onChange={(direction) => dispatch({ type: 'change', id, settings: { direction } })}
          />
        </label>
        <label className="grid gap-1 text-xs text-slate-500">
          Fill
          <FillSlider
            label={`${name} fill`}
            value={zone.fillLevel}
            onChange={(fillLevel) => dispatch({ type: 'change', id, settings: { fillLevel } })}
          />
        </label>
      </div>
    </li>
  );
}

function ZoneButton({
  label,
  className,
  disabled,
  onClick,
  children,
}: {
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('h-8 w-8', className)}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
