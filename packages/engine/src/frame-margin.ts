/**
 * The paper around a picture fitted inside a frame of other proportions (a story's later
 * pictures, a chosen shape), as a share of the frame's short side. Browser-safe: the web app's
 * story player and scene editor fit pictures as the render does.
 */
const FRAME_MARGIN = 0.05;

interface Size {
  width: number;
  height: number;
}

/** Where a picture lies in a frame, in the frame's pixels. */
export interface FrameFit extends Size {
  left: number;
  top: number;
}

/** Even size with the image's aspect ratio, as large as fits inside width x height. */
export function fitInside(source: Size, width: number, height: number): Size {
  const scale = Math.min(width / source.width, height / source.height);
  const even = (v: number, max: number) =>
    Math.min(max - (max % 2), Math.max(2, 2 * Math.round((v * scale) / 2)));
  return { width: even(source.width, width), height: even(source.height, height) };
}

/** A picture in a frame: as large as fits inside the margin (even sizes), centred on the paper. */
export function fitInFrame(source: Size, frame: Size): FrameFit {
  const margin = 2 * Math.round((FRAME_MARGIN * Math.min(frame.width, frame.height)) / 2);
  const fitted = fitInside(source, frame.width - 2 * margin, frame.height - 2 * margin);
  return {
    ...fitted,
    left: Math.floor((frame.width - fitted.width) / 2),
    top: Math.floor((frame.height - fitted.height) / 2),
  };
}
