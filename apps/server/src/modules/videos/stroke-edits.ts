import { strokeEditProblem, type CreateVideoBlobData, type StoryScene } from '@rasma/contract';
import { AppError } from '../../errors.js';

/** What carries stroke edits: the create call's settings, or one scene of a story. */
type WithEdits = Pick<CreateVideoBlobData | StoryScene, 'edits' | 'strokeMasks'>;

/**
 * Checks a create call's stroke edits (or a scene's, at `field`) against what they are for, beyond
 * their schema: parts of zones the payload has, parts drawn by hand that have strokes and, once the
 * picture's size is known (decoded, before anything is stored or debited), points within it and
 * strokes no longer in all than it allows (`maxStrokeEditLength`). A 400 naming the field otherwise.
 */
export function checkStrokeEdits(
  settings: WithEdits,
  picture?: { width: number; height: number },
  field = 'blobData',
): void {
  if (!settings.edits) return;
  const problem = strokeEditProblem(settings.edits, {
    zones: settings.strokeMasks.length,
    ...(picture ? { picture } : {}),
  });
  if (!problem) return;
  const path = [field, 'edits', ...problem.path].join('.');
  throw new AppError(400, `${path}: ${problem.message}`, 'VALIDATION_ERROR');
}
