import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChosenImage } from './use-chosen-image';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the chosen image', () => {
  it('starts from the try-now image, without fetch (the CSP allows none), and clears it', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const dataUrl = `data:image/png;base64,${btoa('image bytes')}`;
    localStorage.setItem('rasma.tryNow.imageData', dataUrl);
    localStorage.setItem('rasma.tryNow.fileName', 'my-drawing.png');
    const { result } = renderHook(() => useChosenImage());
    expect(result.current.chosen?.image.name).toBe('my-drawing.png');
    expect(result.current.chosen?.previewUrl).toBe(dataUrl);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts empty when nothing was carried over', () => {
    const { result } = renderHook(() => useChosenImage());
    expect(result.current.chosen).toBeNull();
  });
});
