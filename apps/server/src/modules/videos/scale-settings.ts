import type { CreateVideoBlobData } from '@rasma/contract';

/**
 * The create call's settings for the picture as stored, when it was shrunk by `scale` to what the
 * largest video needs: zones and stroke edits are in the upload's own pixels.
 */
export function scaleSettings(settings: CreateVideoBlobData, scale: number): CreateVideoBlobData {
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
