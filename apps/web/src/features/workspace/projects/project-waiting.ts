import type { SaveStatus } from './project-saver';

/**
 * Why something kept with the project (a track, a scene's picture) cannot be added yet, and what
 * to do; null once the project exists, which a new image's first save makes.
 */
export function projectWaiting(
  projectId: string | null,
  status: SaveStatus,
  refusal: string,
  said: { refused: string; saving: string },
): string | null {
  if (projectId) return null;
  return status === 'refused' ? `${said.refused} ${refusal}` : said.saving;
}
