import type { CreateVideoBlobData, StoryScene } from '@rasma/contract';

/**
 * The zones and stroke edits of the create call's settings (or of a story's scene) for the picture
 * as stored, when it was shrunk by `scale` to what the largest video needs: they are in the upload's
 * own pixels.
 */
export function scaleSettings<
  T extends Pick<CreateVideoBlobData | StoryScene, 'edits' | 'strokeMasks'>,
>(settings: T, scale: number): T {
  if (scale === 1) return settings;
  const { edits } = settings;
  return {
    ...settings,
    strokeMasks: settings.strokeMasks.map((zone) => ({
      ...zone,
      points: zone.points.map(({ x, y }) => ({ x: x * scale, y: y * scale })),
      brushSize: zone.brushSize * scale,
    })),
    ...(edits && {
      edits: {
        ...edits,
        ...(edits.deleted && {
          deleted: edits.deleted.map((stroke) => ({
            ...stroke,
            points: stroke.points.map(([x, y]) => [x * scale, y * scale] as [number, number]),
          })),
        }),
        ...(edits.added && {
          added: edits.added.map((stroke) => ({
            ...stroke,
            points: stroke.points.map(
              ([x, y, pressure]) => [x * scale, y * scale, pressure] as [number, number, number],
            ),
          })),
        }),
      },
    }),
  };
}
