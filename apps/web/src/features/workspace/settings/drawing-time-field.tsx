import { Input, Label } from '@/components/ui/input';
import { DRAWING_TIME_ERROR } from './drawing-time';

/** A text field with a number keypad: a number field's spinner and stray "e" or "-" do not help. */
export function DrawingTimeField({
  entry,
  valid,
  onEdit,
}: {
  entry: string;
  valid: boolean;
  onEdit: (entry: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="drawing-time">Drawing time (seconds)</Label>
      <Input
        id="drawing-time"
        inputMode="numeric"
        autoComplete="off"
        value={entry}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : 'drawing-time-error'}
        onChange={(event) => onEdit(event.target.value)}
      />
      {!valid && (
        <p id="drawing-time-error" role="alert" className="text-sm text-red-600">
          {DRAWING_TIME_ERROR}
        </p>
      )}
    </div>
  );
}
