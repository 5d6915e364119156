import handSvg from '@rasma/engine/assets/hand.svg?raw';
import { HAND_TIP, handDrawing, type HandHold } from '@rasma/engine/outline';
import { useEffect, useState } from 'react';
import type { Hand } from '@/lib/contract';

/** The SVG's own size in its units (the hand reaches from its pen tip to the sleeve's end). */
const [SVG_WIDTH, SVG_HEIGHT] = (/viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(handSvg) ?? [])
  .slice(1)
  .map(Number) as [number, number];

/** The hand drawn as it is held, and where its pen tip is in that picture. */
export interface HeldHand {
  image: HTMLCanvasElement;
  tipX: number;
  tipY: number;
}

/**
 * What draws in the video (the hand with its pen, or the pen alone), `pixelsPerUnit` pixels per
 * SVG unit, held as `hold` says (mirrored and turned about its pen tip, as the video's sprite):
 * drawn once, so each frame only places it. Null for no hand, or until it is ready.
 */
export function useHeldHand(hand: Hand, pixelsPerUnit: number, hold: HandHold): HeldHand | null {
  const { x, y, degrees } = hold;
  const key = [hand, pixelsPerUnit, x, y, degrees].join(' ');
  const [held, setHeld] = useState<{ key: string; hand: HeldHand } | null>(null);
  useEffect(() => {
    if (hand === 'none' || !(pixelsPerUnit > 0)) return;
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${SVG_HEIGHT}"`,
      ` viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}">${handDrawing(handSvg, hand)}</svg>`,
    ].join('');
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const picture = new Image();
    let current = true;
    picture.onload = () => {
      if (!current) return;
      setHeld({ key, hand: holdHand(picture, pixelsPerUnit, { x, y, degrees }) });
    };
    picture.src = url;
    return () => {
      current = false;
      URL.revokeObjectURL(url);
    };
  }, [key, hand, pixelsPerUnit, x, y, degrees]);
  return hand !== 'none' && held?.key === key ? held.hand : null;
}

/** The hand turned and mirrored about its tip, in a canvas just large enough for it. */
function holdHand(picture: HTMLImageElement, scale: number, hold: HandHold): HeldHand {
  const turn = (hold.degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  // The drawing's corners from the tip, turned then mirrored (as the canvas draws it below).
  const corners = [
    [-HAND_TIP, -HAND_TIP],
    [SVG_WIDTH - HAND_TIP, -HAND_TIP],
    [-HAND_TIP, SVG_HEIGHT - HAND_TIP],
    [SVG_WIDTH - HAND_TIP, SVG_HEIGHT - HAND_TIP],
  ].map(([x, y]) => [
    hold.x * scale * (x! * cos - y! * sin),
    hold.y * scale * (x! * sin + y! * cos),
  ]);
  const xs = corners.map(([x]) => x!);
  const ys = corners.map(([, y]) => y!);
  const tipX = Math.ceil(-Math.min(...xs));
  const tipY = Math.ceil(-Math.min(...ys));
  const image = document.createElement('canvas');
  image.width = tipX + Math.ceil(Math.max(...xs));
  image.height = tipY + Math.ceil(Math.max(...ys));
  const context = image.getContext('2d');
  if (context) {
    context.translate(tipX, tipY);
    context.scale(hold.x, hold.y);
    context.rotate(turn);
    context.scale(scale, scale);
    context.drawImage(picture, -HAND_TIP, -HAND_TIP, SVG_WIDTH, SVG_HEIGHT);
  }
  return { image, tipX, tipY };
}
