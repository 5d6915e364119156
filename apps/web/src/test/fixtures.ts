import type { CreateVideoResponse, User } from '@rasma/contract';

/** A signed-in user as the server answers it. */
export const USER: User = {
  id: 'u1',
  email: 'a@example.com',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isAdmin: false,
};

/** A PNG's signature and header chunk for an image of this size (no pixels: the checks read none). */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** The create call's answer for a Cat in Box video in colour, just queued (201). */
export const VIDEO_CREATED: CreateVideoResponse = {
  message: 'Video creation started',
  video: {
    id: '7b0c6a52-5f0e-4c57-9a4a-2f7f8f0f4d11',
    title: 'Cat in Box',
    description: null,
    status: 'processing',
    progress: 0,
    thumbnailUrl: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    aiModel: 'rasma-ai-color',
    durationSeconds: null,
    sceneCount: 1,
    exports: [],
  },
};
