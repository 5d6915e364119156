import type { User } from '@rasma/contract';

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
