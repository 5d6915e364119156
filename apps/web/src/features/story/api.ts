import { apiUpload } from '@/lib/api-client';
import { api } from '@/lib/contract';

/** Keeps a picture with the project for a new scene (the field `image`): the server answers it. */
export function uploadSceneImage(projectId: string, image: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('image', image, image.name);
  return apiUpload(api.uploadProjectSceneImage, form, signal, { id: projectId });
}
