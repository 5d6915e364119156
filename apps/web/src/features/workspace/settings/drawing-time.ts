import { createVideoBlobDataSchema, DRAWING_TIME } from '@/lib/contract';

export const DRAWING_TIME_ERROR = `Please enter a number between ${DRAWING_TIME.min} and ${DRAWING_TIME.max} seconds`;

/**
 * The seconds a drawing-time entry stands for, else null: an entry in digits whose number the
 * create call takes (the contract's rule: a whole number from 1 to 100).
 */
export function drawingTimeSeconds(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const seconds = createVideoBlobDataSchema.shape.drawingTime.safeParse(Number(text));
  return seconds.success ? seconds.data : null;
}

/** Whether an edit of the field is applied: cleared (to type anew) or a valid number of seconds. */
export const isAcceptedDrawingTimeEntry = (text: string): boolean =>
  text === '' || drawingTimeSeconds(text) !== null;

/** Why an edit of the field was not applied (spec 5: out-of-range values are not applied). */
export const drawingTimeRefusal = (entry: string) =>
  `“${entry}” was not applied: the drawing time is a whole number of seconds from ${DRAWING_TIME.min} to ${DRAWING_TIME.max}.`;
