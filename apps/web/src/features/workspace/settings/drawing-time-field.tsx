import { HOLD_SECONDS, videoSeconds } from '@rasma/engine/outline';
import { Input, Label } from '@/components/ui/input';
import { isColourModel } from '@/features/videos/model-labels';
import type { AiModel } from '@/lib/contract';
import { DRAWING_TIME_ERROR } from './drawing-time';

const seconds = (value: number) => `${Number(value.toFixed(1))} s`;

/**
 * A text field with a number keypad: a number field's spinner and stray "e" or "-" do not help.
 * Below it, why an edit was not applied, or the finished video's length (the drawing is followed by
 * the colouring in colour, then a moment on the finished picture, or the picture until a longer
 * voice-over has ended).
 */
export function DrawingTimeField({
  entry,
  drawingTime,
  refusal,
  aiModel,
  voiceSeconds,
  storySeconds,
  onEdit,
}: {
  entry: string;
  /** The seconds the entry stands for; null when it is empty. */
  drawingTime: number | null;
  refusal: string | null;
  aiModel: AiModel;
  /** The voice-over's trimmed length; null without one. */
  voiceSeconds: number | null;
  /** In a story: the open scene's length and the whole story's (said instead of the video's). */
  storySeconds: { scene: number; story: number } | null;
  onEdit: (entry: string) => void;
}) {
  const message = drawingTime === null ? DRAWING_TIME_ERROR : refusal;
  const colour = isColourModel(aiModel);
  const length = drawingTime === null ? 0 : videoSeconds(drawingTime, colour, voiceSeconds ?? 0);
  const voiceHolds = drawingTime !== null && length > videoSeconds(drawingTime, colour);
  return (
    <div className="grid gap-2">
      <Label htmlFor="drawing-time">Drawing time (seconds)</Label>
      <Input
        id="drawing-time"
        inputMode="numeric"
        autoComplete="off"
        value={entry}
        aria-invalid={drawingTime === null}
        aria-describedby="drawing-time-note"
        onChange={(event) => onEdit(event.target.value)}
      />
      {message ? (
        <p id="drawing-time-note" role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : (
        drawingTime !== null &&
        (storySeconds ? (
          <p id="drawing-time-note" className="text-xs text-slate-600">
            This scene lasts {seconds(storySeconds.scene)}: the drawing,
            {colour && ' the colouring,'} then its hold. The story lasts{' '}
            {seconds(storySeconds.story)}.
          </p>
        ) : (
          <p id="drawing-time-note" className="text-xs text-slate-600">
            The video lasts {seconds(length)}: the drawing,{colour && ' the colouring,'} then{' '}
            {voiceHolds
              ? 'the finished picture until the voice-over ends.'
              : `${HOLD_SECONDS} s on the finished picture.`}
          </p>
        ))
      )}
    </div>
  );
}
