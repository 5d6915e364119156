import { useEffect, useRef } from 'react';

/** The live outline laid over the image, stretched to it (it is a smaller copy of the same shape). */
export function OutlineCanvas({ outline }: { outline: ImageData }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    element.width = outline.width;
    element.height = outline.height;
    element.getContext('2d')?.putImageData(outline, 0, 0);
  }, [outline]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label="Live outline preview"
      className="pointer-events-none absolute inset-0 h-full w-full rounded-lg bg-white"
    />
  );
}
