import { strokeEditProblem, type CreateVideoBlobData } from '@rasma/contract';
import { AppError } from '../../errors.js';

/**
 * Checks a create call's stroke edits against what they are for, beyond their schema: parts of
 * zones the payload has, parts drawn by hand that have strokes and, once the picture's size is
 * known (decoded, before anything is stored or debited), points within it and strokes no longer
 * in all than it allows (`maxStrokeEditLength`). A 400 naming the field otherwise.
 */
export function checkStrokeEdits(
  settings: CreateVideoBlobData,
  picture?: { width: number; height: number },
): void {
  if (!settings.edits) return;
  const problem = strokeEditProblem(settings.edits, {
    zones: settings.strokeMasks.length,
    ...(picture ? { picture } : {}),
  });
  if (!problem) return;
  const field = ['blobData', 'edits', ...problem.path].join('.');
  throw new AppError(400, `${field}: ${problem.message}`, 'VALIDATION_ERROR');
}
