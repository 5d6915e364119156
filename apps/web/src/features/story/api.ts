import { imageForm } from '@/features/workspace/generate/video-form';
import { apiUpload } from '@/lib/api-client';
import { api } from '@/lib/contract';

/** Keeps a picture with the project for a new scene (the field `image`): the server answers it. */
export const uploadSceneImage = (projectId: string, image: File, signal?: AbortSignal) =>
  apiUpload(api.uploadProjectSceneImage, imageForm(image, {}), signal, { id: projectId });
