import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { readUpload } from '../../http/upload.js';
import { normalizeImage } from '../images/image-file.js';
import { PREVIEW_LONG_SIDE, parsePreviewFields, previewOutlineImage } from './preview.js';
import type { PreviewQueue } from './preview-queue.js';
import type { PreviewThread } from './preview-thread.js';

export interface PreviewsModuleOptions {
  /** The thread that draws outlines (started and closed by the composition root). */
  previews: PreviewThread;
  /** Previews one at a time, the newest of each person's waiting. */
  previewQueue: PreviewQueue;
}

/** The workspace's outline preview: the outline a fill level and zones give. Prefix `/api`. */
export const previewsModule: FastifyPluginAsync<PreviewsModuleOptions> = async (app, options) => {
  const { previews, previewQueue } = options;
  route(app, api.previewOutline, async ({ user, request }) => {
    const upload = await readUpload(request);
    const settings = parsePreviewFields(upload.fields);
    const outline = await previewQueue.submit(user.id, async () => {
      const image = await normalizeImage(upload.image.bytes, PREVIEW_LONG_SIDE);
      return previewOutlineImage(image, settings, image.scale, previews);
    });
    return { success: true, image: outline };
  });
};
