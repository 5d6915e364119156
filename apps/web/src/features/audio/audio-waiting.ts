import { projectWaiting } from '@/features/workspace/projects/project-waiting';
import type { SaveStatus } from '@/features/workspace/projects/project-saver';

/** Why the audio card cannot take a track yet, and what to do; null once the project exists. */
export const audioWaiting = (projectId: string | null, status: SaveStatus, refusal: string) =>
  projectWaiting(projectId, status, refusal, {
    refused:
      'A voice-over and music are kept with the project, and this image could not be saved as one.',
    saving:
      'Saving your project: record or upload a voice-over and music once it is saved, in a moment.',
  });
