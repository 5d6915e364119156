import { api, projectStateSchema, STORAGE_LIMITS } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { sendFile } from '../../http/send-file.js';
import { parseJsonField, readUpload, withUploadFolder } from '../../http/upload.js';
import { readAudioUpload, type AudioChecker } from '../audio/audio-file.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import {
  checkCanUploadAudio,
  projectAudioFile,
  removeProjectAudio,
  storeProjectAudio,
} from './audio.js';
import { checkCanUploadSceneImage, sceneImageFile, storeSceneImage } from './scene-images.js';
import {
  checkCanCreateProject,
  createProject,
  findOwnProject,
  getProject,
  projectFile,
  recentProjectList,
  removeProject,
  saveProjectState,
  type ProjectDeps,
} from './service.js';

export type ProjectsModuleOptions = ProjectDeps & {
  /** Uploads held per person, and full-size image decodes, per process. */
  decodes: DecodeQueue;
  audio: AudioChecker;
};

/** Projects (the work on an image, autosaved) and their files. Prefix `/api`. */
export const projectsModule: FastifyPluginAsync<ProjectsModuleOptions> = async (app, options) => {
  const { db, storage } = options;

  route(app, api.projects, ({ user }) => recentProjectList(db, user.id));

  route(app, api.createProject, async ({ user, request, reply }) => {
    // Refused before the image is read when it could not become a project anyway.
    await checkCanCreateProject(db, user.id);
    const project = await options.decodes.forUser(user.id, async (decode) => {
      const upload = await readUpload(request);
      const state = parseJsonField(upload.fields, 'state', projectStateSchema);
      return createProject(options, { userId: user.id, upload: upload.image, state, decode });
    });
    reply.status(201);
    return project;
  });

  route(app, api.project, ({ user, params }) => getProject(db, user.id, params.id));

  route(app, api.projectImage, async ({ user, params, reply }) =>
    sendFile(storage, reply, await projectFile(db, user.id, params.id, 'image')),
  );
  route(app, api.projectThumbnail, async ({ user, params, reply }) =>
    sendFile(storage, reply, await projectFile(db, user.id, params.id, 'thumbnail')),
  );

  // A body a little over the state's limit is told so (413 STATE_TOO_LARGE); far over it, Fastify
  // refuses it before parsing.
  route(
    app,
    api.saveProject,
    ({ user, params, body }) => saveProjectState(db, user.id, params.id, body.state),
    { bodyLimit: 2 * STORAGE_LIMITS.maxStateBytes },
  );

  route(app, api.uploadProjectAudio, async ({ user, params, request, reply }) => {
    // Refused before the file is read when it could not be kept anyway.
    await checkCanUploadAudio(db, user.id, params.id);
    const file = await options.decodes.forUser(user.id, () =>
      withUploadFolder(async (folder) => {
        const audio = await options.audio.check(await readAudioUpload(request, folder));
        const { id: projectId, track } = params;
        return storeProjectAudio(options, { userId: user.id, projectId, track, audio });
      }),
    );
    reply.status(201);
    return file;
  });
  route(app, api.projectAudio, async ({ user, params, request, reply }) =>
    sendFile(storage, reply, {
      ...(await projectAudioFile(db, user.id, params.id, params.track)),
      range: request.headers.range,
    }),
  );
  route(app, api.deleteProjectAudio, async ({ user, params }) => {
    await removeProjectAudio(options, {
      userId: user.id,
      projectId: params.id,
      track: params.track,
    });
    return { message: 'Audio deleted' };
  });

  route(app, api.uploadProjectSceneImage, async ({ user, params, request, reply }) => {
    // Refused before the picture is read when it could not be kept anyway.
    await checkCanUploadSceneImage(db, user.id, params.id);
    const image = await options.decodes.forUser(user.id, async (decode) => {
      const upload = await readUpload(request);
      return storeSceneImage(options, {
        userId: user.id,
        projectId: params.id,
        upload: upload.image,
        decode,
      });
    });
    reply.status(201);
    return image;
  });
  route(app, api.projectSceneImage, async ({ user, params, reply }) =>
    sendFile(storage, reply, await sceneImageFile(db, user.id, params.id, params.imageId)),
  );

  route(app, api.deleteProject, async ({ user, params }) => {
    await removeProject(options, await findOwnProject(db, user.id, params.id));
    return { message: 'Project deleted' };
  });
};
