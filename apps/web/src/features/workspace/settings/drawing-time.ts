import { DRAWING_TIME, drawingTimeOfEntry } from '@/lib/contract';

export const DRAWING_TIME_ERROR = `Please enter a number between ${DRAWING_TIME.min} and ${DRAWING_TIME.max} seconds`;

/** The seconds a drawing-time entry stands for, else null (the contract's rule). */
export const drawingTimeSeconds = drawingTimeOfEntry;

/** Whether an edit of the field is applied: cleared (to type anew) or a valid number of seconds. */
export const isAcceptedDrawingTimeEntry = (text: string): boolean =>
  text === '' || drawingTimeSeconds(text) !== null;

/** Why an edit of the field was not applied (spec 5: out-of-range values are not applied). */
export const drawingTimeRefusal = (entry: string) =>
  `“${entry}” was not applied: the drawing time is a whole number of seconds from ${DRAWING_TIME.min} to ${DRAWING_TIME.max}.`;
