import { describe, expect, it } from 'vitest';
import { dataUrlToFile } from './stored-image';

describe('dataUrlToFile', () => {
  it('gives back the bytes, type and name of a stored image', async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 0x00, 0xff];
    const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
    const file = dataUrlToFile({ dataUrl, fileName: 'my-drawing.png' });
    expect(file.name).toBe('my-drawing.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual(bytes);
  });
});
