import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectScenePicture } from '@/lib/contract';
import { pngHeader } from '@/test/fixtures';
import { useScenePictures } from './use-scene-pictures';

const CHOSEN = {
  image: new File([pngHeader(120, 90)], 'Cat in Box.png', { type: 'image/png' }),
  previewUrl: 'blob:cat-in-box',
};

// jsdom has no 2D canvas and no object URLs: paper is a PNG made by the canvas, counted here.
const toBlob = vi.fn((done: BlobCallback) => done(new Blob([], { type: 'image/png' })));
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ fillRect: vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
  HTMLCanvasElement.prototype.toBlob = toBlob;
  URL.createObjectURL = () => `blob:${crypto.randomUUID()}`;
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toBlob.mockClear();
});

describe("a story's scene pictures", () => {
  it('makes a blank board its paper once, and shows the same paper when it is opened again', async () => {
    const { result, rerender } = renderHook(
      ({ opened }: { opened: ProjectScenePicture }) =>
        useScenePictures({
          projectId: null,
          chosen: CHOSEN,
          kept: [],
          shape: '16:9',
          firstPicture: 'project',
          opened,
        }),
      { initialProps: { opened: 'blank' } },
    );
    await waitFor(() => expect(result.current.shown('blank')).not.toBeNull());
    const paper = result.current.shown('blank');
    expect(paper?.image.name).toBe('Blank board.png');

    rerender({ opened: 'project' });
    expect(result.current.shown('project')).toBe(CHOSEN);
    rerender({ opened: 'blank' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.shown('blank')).toBe(paper);
    expect(toBlob).toHaveBeenCalledTimes(1);
  });
});
