/**
 * The paper around a picture fitted inside a frame of other proportions (a story's later
 * pictures, a chosen shape), as a share of the frame's short side. Browser-safe: the web app's
 * story player fits pictures as the render does.
 */
export const FRAME_MARGIN = 0.05;
