import { api, AUDIO_TRACKS, createVideoBlobDataSchema } from '@rasma/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import { requesterNetwork } from './fair-share.js';
import { aiPreference } from './queries.js';
import {
  checkCanCreateVideo,
  createVideo,
  deleteVideo,
  fileKey,
  findOwnVideo,
  listVideos,
  videoWithExports,
  type VideoDeps,
} from './service.js';
import { openProgressStream, type OpenStreams } from './progress-stream.js';
import { sendFile } from '../../http/send-file.js';
import { parseJsonField, readDiskUpload, withUploadFolder } from '../../http/upload.js';
import { audioFiles } from '../audio/audio-file.js';
import { scenePictureFiles } from './scene-pictures.js';

export type VideosModuleOptions = VideoDeps & {
  /** Full-size image decodes, bounded per person and per process. */
  decodes: DecodeQueue;
  /** Keys the hash of a create's network (`requesterNetwork`). */
  sessionSecret: string;
};

/**
 * The workspace and the library (spec 2.5): create, list, watch, keep and delete videos, and follow
 * their progress. Prefix `/api`. Their renders are the rendering module's; outline previews, the
 * previews module's.
 */
export const videosModule: FastifyPluginAsync<VideosModuleOptions> = async (app, options) => {
  const { db, storage, progress } = options;

  route(app, api.aiPreference, async ({ user }) => ({ aiModel: await aiPreference(db, user.id) }));

  route(app, api.createVideo, async ({ user, request, reply }) => {
    // Refused before the upload is read when it could not become a video anyway.
    await checkCanCreateVideo(db, user.id);
    const video = await options.decodes.forUser(user.id, (decode) =>
      withUploadFolder(async (folder) => {
        const upload = await readDiskUpload(
          request,
          audioFiles(AUDIO_TRACKS, folder),
          scenePictureFiles(request, folder),
        );
        const settings = parseJsonField(upload.fields, 'blobData', createVideoBlobDataSchema);
        const { voice, music, ...pictures } = upload.files;
        return createVideo(options, {
          userId: user.id,
          pictures,
          audio: { voice, music },
          settings,
          // request.ip is the client's, behind the proxies TRUST_PROXY names.
          network: requesterNetwork(request.ip, options.sessionSecret),
          decode,
        });
      }),
    );
    reply.status(201);
    return { message: 'Video creation started', video };
  });

  route(app, api.videos, ({ user, query }) => listVideos(db, user.id, query.page));
  route(app, api.video, async ({ user, params }) =>
    videoWithExports(db, await findOwnVideo(db, user.id, params.id)),
  );

  const streams: OpenStreams = new Map();
  // A server that stops ends its streams first (they would hold it open for good); each browser's
  // EventSource connects again, to this server restarted or another one, and catches up there.
  app.addHook('preClose', async () => {
    for (const ends of [...streams.values()]) for (const end of [...ends]) end();
  });
  route(app, api.videoProgress, async ({ user, params, request, reply }) => {
    if (params.userId !== user.id) {
      throw new AppError(403, 'You can only follow your own videos.', 'FORBIDDEN');
    }
    return openProgressStream({
      db,
      progress,
      userId: user.id,
      signedIn: () => app.stillSignedIn(request),
      streams,
      request,
      reply,
    });
  });

  const serveVideo = async (
    userId: string,
    id: string,
    reply: FastifyReply,
    disposition: 'inline' | 'attachment',
    rangeHeader: string | undefined,
  ) => {
    const row = await findOwnVideo(db, userId, id);
    return sendFile(storage, reply, {
      key: fileKey(row, 'video'),
      contentType: 'video/mp4',
      fileName: disposition === 'attachment' ? `${row.title}.mp4` : undefined,
      range: rangeHeader,
    });
  };
  route(app, api.streamVideo, ({ user, params, request, reply }) =>
    serveVideo(user.id, params.id, reply, 'inline', request.headers.range),
  );
  route(app, api.downloadVideo, ({ user, params, reply }) =>
    serveVideo(user.id, params.id, reply, 'attachment', undefined),
  );

  route(app, api.thumbnail, async ({ user, params, reply }) => {
    const row = await findOwnVideo(db, user.id, params.name.replace(/\.jpg$/, ''));
    return sendFile(storage, reply, { key: fileKey(row, 'thumbnail'), contentType: 'image/jpeg' });
  });

  route(app, api.deleteVideo, async ({ user, params }) => {
    await deleteVideo(options, await findOwnVideo(db, user.id, params.id));
    return { message: 'Video deleted' };
  });
};
