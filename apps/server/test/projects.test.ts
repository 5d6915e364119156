import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  formatBytes,
  PROJECT_LIMITS,
  STATE_TOO_LARGE_MESSAGE,
  STORAGE_LIMITS,
  type Project,
  type ProjectSummary,
} from '@rasma/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.js';
import { deleteExpiredFiles } from '../src/modules/retention/cleanup.js';
import { createLocalStorage } from '../src/storage/local-storage.js';
import { createSignedInUser } from './support/factories.js';
import { clientOf } from './support/http.js';
import { hugePng } from './support/images.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
/** The clean-up's render folder: ours, so that it touches no other test's. */
let tempDir: string;
beforeAll(async () => {
  server = await startTestServer({ RENDER_WORKERS: '0' });
  tempDir = await mkdtemp(path.join(tmpdir(), 'rasma-projects-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(tempDir, { recursive: true, force: true });
});

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const ZONE = {
  id: '1732000000000',
  colour: '#d97706',
  points: [
    { x: 10, y: 12 },
    { x: 40, y: 30 },
  ],
  brushSize: 20,
  direction: 'Top to bottom',
  fillLevel: 70,
};
const STATE = {
  zones: [ZONE],
  settings: {
    direction: 'Right to left',
    grayscaleLevel: 191,
    aiModel: 'rasma-ai-color',
    drawingTime: 8,
    shape: '9:16',
    hand: 'pen',
  },
  inverted: true,
  edits: { order: ['1.0', '0.3'], deleted: [{ part: '0.2', points: [[5, 6]] }] },
};

const projectFiles = async () =>
  (await readdir(path.join(server.dataDir, 'files', 'projects')).catch(() => [])).sort();
const filesOf = async (id: string) => (await projectFiles()).filter((f) => f.startsWith(id));

function projectForm(image: Buffer, fileName: string, state: unknown = STATE) {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), fileName);
  body.set('state', typeof state === 'string' ? state : JSON.stringify(state));
  return body;
}

async function user() {
  const { cookie } = await createSignedInUser(server.database.db);
  const { call, json } = clientOf(server, cookie);
  return {
    call,
    json,
    create: (image: Buffer, fileName = 'Cat in Box.png', state: unknown = STATE) =>
      json<Project>('/api/projects', { method: 'POST', body: projectForm(image, fileName, state) }),
    save: (id: string, body: unknown) =>
      json<{ id: string; updatedAt: string }>(`/api/projects/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    list: async () => (await json<ProjectSummary[]>('/api/projects')).body,
  };
}

describe('a project', () => {
  it('is made from an image and its state, then listed, opened, saved and deleted', async () => {
    const me = await user();
    const created = await me.create(await png(), 'Cat in Box.png');
    expect(created.status).toBe(201);
    const project = created.body;
    expect(project).toMatchObject({
      title: 'Cat in Box',
      fileName: 'Cat in Box.png',
      state: STATE,
      imageUrl: `/api/projects/${project.id}/image`,
    });

    // The image as kept, and a small JPEG thumbnail made at creation.
    const image = await me.call(project.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    const kept = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([kept.width, kept.height]).toEqual([640, 480]);
    const [summary] = await me.list();
    expect(summary).toEqual({
      id: project.id,
      title: 'Cat in Box',
      updatedAt: project.updatedAt,
      thumbnailUrl: `/api/projects/${project.id}/thumbnail`,
    });
    const thumbnail = await me.call(summary?.thumbnailUrl ?? '');
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const small = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(small.format).toBe('jpeg');
    expect([small.width, small.height]).toEqual([320, 240]);

    // The autosave replaces the state; the project becomes the newest change.
    const other = (await me.create(await png(64, 48), 'other.png')).body;
    expect((await me.list()).map((p) => p.id)).toEqual([other.id, project.id]);
    const changed = { ...STATE, zones: [], inverted: false, edits: undefined };
    const saved = await me.save(project.id, { state: changed });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
    expect((await me.list()).map((p) => p.id)).toEqual([project.id, other.id]);
    const reopened = await me.json<Project>(`/api/projects/${project.id}`);
    expect(reopened.body.state).toEqual({ ...changed, edits: undefined });
    expect(reopened.body.updatedAt).toBe(saved.body.updatedAt);

    // Deleting it deletes its image and thumbnail from storage.
    expect(await filesOf(project.id)).toHaveLength(2);
    const deleted = await me.json(`/api/projects/${project.id}`, { method: 'DELETE' });
    expect(deleted).toEqual({ status: 200, body: { message: 'Project deleted' } });
    expect(await filesOf(project.id)).toEqual([]);
    expect((await me.call(`/api/projects/${project.id}`)).status).toBe(404);
    expect((await me.list()).map((p) => p.id)).toEqual([other.id]);
    expect(await filesOf(other.id)).toHaveLength(2);
  });

  it('fills in what an older or smaller state leaves out with the defaults', async () => {
    const me = await user();
    const { status, body } = await me.create(await png(64, 48), 'plain.png', {});
    expect(status).toBe(201);
    expect(body.state).toEqual({
      zones: [],
      settings: {
        direction: 'Left to right',
        grayscaleLevel: 128,
        aiModel: 'rasma-ai',
        drawingTime: 15,
      },
      inverted: false,
    });
  });

  it(`lists the ${PROJECT_LIMITS.recent} newest changes only`, async () => {
    const me = await user();
    const ids: string[] = [];
    const image = await png(32, 32);
    for (let i = 0; i <= PROJECT_LIMITS.recent; i++) ids.push((await me.create(image)).body.id);
    const listed = (await me.list()).map((p) => p.id);
    expect(listed).toEqual(ids.slice(1).reverse());
  });
});

describe('the projects of one person', () => {
  it(`stop at ${PROJECT_LIMITS.maxPerUser}: one more is a 409 that says why, storing nothing, until one is deleted`, async () => {
    const { user: owner, cookie } = await createSignedInUser(server.database.db);
    const { db } = server.database;
    // The first ones straight into the database: uploading each would only be slower.
    await db.insert(projects).values(
      Array.from({ length: PROJECT_LIMITS.maxPerUser }, (_, i) => {
        const id = crypto.randomUUID();
        return {
          id,
          userId: owner.id,
          title: `Project ${i}`,
          fileName: `project-${i}.png`,
          state: {},
          // Files never stored: deleting the project deletes nothing.
          imageKey: `projects/${id}.png`,
          imageMimeType: 'image/png',
        };
      }),
    );
    const rows = () => db.select().from(projects).where(eq(projects.userId, owner.id));
    const before = await projectFiles();
    const create = () =>
      server.request('/api/projects', {
        method: 'POST',
        headers: { cookie },
        body: projectForm(image, 'one more.png'),
      });
    const image = await png(64, 48);

    const refused = await create();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'You have 100 projects. Delete one to start another.',
      code: 'TOO_MANY_PROJECTS',
    });
    expect(await rows()).toHaveLength(PROJECT_LIMITS.maxPerUser);
    expect(await projectFiles()).toEqual(before);

    // Another person is not held back by this one's projects.
    expect((await (await user()).create(image)).status).toBe(201);

    const [first] = await rows();
    const deleted = await server.request(`/api/projects/${first!.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    expect((await create()).status).toBe(201);
    expect(await rows()).toHaveLength(PROJECT_LIMITS.maxPerUser);
  });
});

describe("another user's project", () => {
  it('is a 404 for every call, and stays as it was', async () => {
    const owner = await user();
    const stranger = await user();
    const project = (await owner.create(await png(64, 48))).body;
    const base = `/api/projects/${project.id}`;
    for (const [method, pathname] of [
      ['GET', base],
      ['GET', `${base}/image`],
      ['GET', `${base}/thumbnail`],
      ['DELETE', base],
    ] as const) {
      const res = await stranger.call(pathname, { method });
      expect(res.status, `${method} ${pathname}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
    }
    const save = await stranger.save(project.id, { state: { zones: [] } });
    expect(save).toEqual({
      status: 404,
      body: { message: 'Project not found', code: 'NOT_FOUND' },
    });
    expect(await stranger.list()).toEqual([]);

    const kept = await owner.json<Project>(base);
    expect(kept.body.state).toEqual(STATE);
    expect(kept.body.updatedAt).toBe(project.updatedAt);
    expect(await filesOf(project.id)).toHaveLength(2);
  });

  it('is told apart from a malformed id, which is a 400 as for videos', async () => {
    const me = await user();
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-00000000000g']) {
      const res = await me.call(`/api/projects/${id}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'id: Not a project id',
        code: 'VALIDATION_ERROR',
      });
    }
  });
});

describe('a bad project upload', () => {
  it.each([
    ['an HTML page named .png', () => Buffer.from('<!doctype html><p>hi</p>'), 415, /JPG, PNG/],
    ['a 20000x20000 PNG of a few hundred KB', hugePng, 413, /megapixels/],
  ])('is refused as the create call refuses it: %s', async (_name, make, status, message) => {
    const me = await user();
    const before = await projectFiles();
    const res = await me.call('/api/projects', {
      method: 'POST',
      body: projectForm(make(), 'picture.png'),
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await me.list()).toEqual([]);
    expect(await projectFiles()).toEqual(before);
  });

  it.each([
    ['no state', undefined, /state: /],
    ['a state that is not JSON', '{"zones": NaN}', /state: not valid JSON/],
    [
      'a zone colour that is no colour',
      { zones: [{ ...ZONE, colour: 'red' }] },
      /zones\.0\.colour/,
    ],
    [
      `${201} zones`,
      { zones: Array.from({ length: 201 }, (_, i) => ({ ...ZONE, id: String(i) })) },
      /state\.zones/,
    ],
  ])('with %s is a 400, leaving nothing', async (_name, state, message) => {
    const me = await user();
    const before = await projectFiles();
    const body = projectForm(await png(64, 48), 'picture.png', state);
    if (state === undefined) body.delete('state');
    const res = await me.call('/api/projects', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await me.list()).toEqual([]);
    expect(await projectFiles()).toEqual(before);
  });
});

describe('the autosave', () => {
  it.each([
    ['a drawing time of 0', { settings: { drawingTime: 0 } }, /state\.settings\.drawingTime/],
    [
      'NaN coordinates in the edits',
      '{"state":{"edits":{"deleted":[{"part":"0.1","points":[[NaN,1]]}]}}}',
      /Malformed JSON/,
    ],
    ['an unknown part in the edits', { edits: { order: ['nope'] } }, /state\.edits\.order/],
    ['a zone with no points', { zones: [{ ...ZONE, points: [] }] }, /state\.zones\.0\.points/],
  ])('refuses %s with a 400 and keeps the saved state', async (_name, state, message) => {
    const me = await user();
    const project = (await me.create(await png(64, 48))).body;
    const res = await me.save(project.id, typeof state === 'string' ? state : { state });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toMatch(message);
    const kept = await me.json<Project>(`/api/projects/${project.id}`);
    expect(kept.body.state).toEqual(STATE);
    expect(kept.body.updatedAt).toBe(project.updatedAt);
  });

  it(`keeps a state up to ${formatBytes(STORAGE_LIMITS.maxStateBytes)} and refuses a larger one with a 413, keeping the saved one`, async () => {
    const me = await user();
    const project = (await me.create(await png(64, 48))).body;
    const zoneOf = (n: number) => ({
      ...ZONE,
      points: Array.from({ length: n }, (_, i) => ({ x: i % 640, y: i % 480 })),
    });
    const sizeOf = (n: number) => JSON.stringify({ ...STATE, zones: [zoneOf(n)] }).length;
    const within = { ...STATE, zones: [zoneOf(20_000)] };
    expect(sizeOf(20_000)).toBeLessThan(STORAGE_LIMITS.maxStateBytes);
    expect((await me.save(project.id, { state: within })).status).toBe(200);

    expect(sizeOf(40_000)).toBeGreaterThan(STORAGE_LIMITS.maxStateBytes);
    const over = await me.save(project.id, { state: { ...STATE, zones: [zoneOf(40_000)] } });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'STATE_TOO_LARGE', message: STATE_TOO_LARGE_MESSAGE });
    // Far over it, the body itself is refused before it is parsed.
    const huge = await me.save(project.id, { state: { ...STATE, zones: [zoneOf(100_000)] } });
    expect(huge.status).toBe(413);

    const reopened = await me.json<Project>(`/api/projects/${project.id}`);
    expect(reopened.body.state.zones[0]?.points).toHaveLength(20_000);
  });
});

describe('the retention clean-up', () => {
  const storage = () => createLocalStorage(path.join(server.dataDir, 'files'));
  const age = (id: string, ms: number) =>
    server.database.db
      .update(projects)
      .set({ updatedAt: new Date(Date.now() - ms) })
      .where(eq(projects.id, id));

  it(`deletes a project unchanged for ${PROJECT_LIMITS.keptDays} days with its files, and keeps a recent one`, async () => {
    const me = await user();
    const idle = (await me.create(await png(64, 48), 'idle.png')).body;
    const recent = (await me.create(await png(64, 48), 'recent.png')).body;
    await age(idle.id, (PROJECT_LIMITS.keptDays + 0.1) * DAY);
    // Older than any upload may be: only the project's own limit applies to its files.
    await age(recent.id, (PROJECT_LIMITS.keptDays - 1) * DAY);

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: storage(),
      tempDir,
    });
    expect(report.idleProjects).toBe(1);
    expect(await filesOf(idle.id)).toEqual([]);
    expect((await me.call(`/api/projects/${idle.id}`)).status).toBe(404);
    expect(await filesOf(recent.id)).toHaveLength(2);
    expect((await me.call(`/api/projects/${recent.id}/image`)).status).toBe(200);
    expect((await me.list()).map((p) => p.id)).toEqual([recent.id]);
  });

  it('deletes project files of no project once they are an hour old', async () => {
    const me = await user();
    const project = (await me.create(await png(64, 48))).body;
    const orphan = `projects/${crypto.randomUUID()}.png`;
    await storage().put(orphan, Buffer.from('x'), 'image/png');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [path.basename(orphan), ...(await filesOf(project.id))]) {
      await utimes(path.join(server.dataDir, 'files', 'projects', name), old, old);
    }

    const report = await deleteExpiredFiles({
      db: server.database.db,
      storage: storage(),
      tempDir,
    });
    expect(report.orphanFiles).toBeGreaterThanOrEqual(1);
    expect(await projectFiles()).not.toContain(path.basename(orphan));
    expect(await filesOf(project.id)).toHaveLength(2);
  });
});
