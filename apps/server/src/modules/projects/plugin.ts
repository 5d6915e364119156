import { api, projectStateSchema } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.js';
import { sendFile } from '../../http/send-file.js';
import { MULTIPART_LIMITS, parseJsonField, readUpload } from '../videos/upload.js';
import {
  createProject,
  findOwnProject,
  getProject,
  projectFile,
  recentProjectList,
  removeProject,
  saveProjectState,
  type ProjectDeps,
} from './service.js';

/** Projects (the work on an image, autosaved) and their files. Prefix `/api`. */
export const projectsModule: FastifyPluginAsync<ProjectDeps> = async (app, options) => {
  const { db, storage } = options;

  route(app, api.projects, ({ user }) => recentProjectList(db, user.id));

  route(app, api.createProject, async ({ user, request, reply }) => {
    const upload = await readUpload(request);
    const state = parseJsonField(upload.fields, 'state', projectStateSchema);
    const project = await createProject(options, { userId: user.id, upload: upload.image, state });
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

  // A state holds zones up to the create call's limits: its body may be as large as that call's field.
  route(
    app,
    api.saveProject,
    ({ user, params, body }) => saveProjectState(db, user.id, params.id, body.state),
    { bodyLimit: MULTIPART_LIMITS.fieldSize },
  );

  route(app, api.deleteProject, async ({ user, params }) => {
    await removeProject(options, await findOwnProject(db, user.id, params.id));
    return { message: 'Project deleted' };
  });
};
