import type { SaveStatus } from '@/features/workspace/projects/project-saver';

/**
 * Why the audio card cannot take a track yet, and what to do; null once the project exists. A
 * track is kept with its project, which a new image's first save makes.
 */
export function audioWaiting(
  projectId: string | null,
  status: SaveStatus,
  refusal: string,
): string | null {
  if (projectId) return null;
  if (status === 'refused')
    return `A voice-over and music are kept with the project, and this image could not be saved as one. ${refusal}`;
  return 'Saving your project: record or upload a voice-over and music once it is saved, in a moment.';
}
