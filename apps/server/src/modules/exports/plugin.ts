import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { sendFile } from '../../http/send-file.js';
import { findOwnVideo } from '../videos/service.js';
import { exportFile, requestExport, type ExportDeps } from './service.js';

/**
 * A finished video's other formats (`EXPORT_FORMAT_INFO`): a WebM or GIF asked for from the
 * library, and each export's download, named after the video. Prefix `/api`.
 */
export const exportsModule: FastifyPluginAsync<ExportDeps> = async (app, options) => {
  const { db, storage } = options;

  route(app, api.createVideoExport, async ({ user, params, body }) => ({
    export: await requestExport(options, await findOwnVideo(db, user.id, params.id), body.format),
  }));

  route(app, api.downloadVideoExport, async ({ user, params, reply }) => {
    const video = await findOwnVideo(db, user.id, params.id);
    return sendFile(storage, reply, await exportFile(db, video, params.format));
  });
};
