import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, as the server sends it beside an ASCII one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Caf_ au lait.mp4"; filename*=UTF-8''Caf%C3%A9%20au%20lait.mp4`,
      ),
    ).toBe('Café au lait.mp4');
  });

  it('reads a plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="Cat in Box.mp4"')).toBe('Cat in Box.mp4');
    expect(fileNameFromDisposition('attachment; filename=cat.mp4')).toBe('cat.mp4');
  });

  it('falls back to the plain name when the encoded one is broken', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.mp4"; filename*=UTF-8''%E0%A4%A`)).toBe(
      'a.mp4',
    );
  });

  it('gives nothing when no name is given', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
