import { vi } from 'vitest';

/** jsdom has no ImageData: one of its shape (a size and its RGBA bytes) is all the code uses. */
export function stubImageData(): void {
  vi.stubGlobal(
    'ImageData',
    class {
      readonly data: Uint8ClampedArray;
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        this.data = new Uint8ClampedArray(width * height * 4);
      }
    },
  );
}
