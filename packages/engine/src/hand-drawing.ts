/**
 * What of the hand's SVG (`assets/hand.svg`) draws in a video: all of it (the hand holding its
 * pen, and the sleeve), or the pen alone (its gradients and its group). Browser-safe: the web
 * app shows the same drawing as its preview. Pure.
 */
import type { Hand } from '@rasma/contract/constants';

/** What draws in a video that shows something drawing: the hand with its pen, or the pen alone. */
export type Drawer = Exclude<Hand, 'none'>;

/** The inside of the SVG (`svg`: its text) that `drawer` keeps. */
export function handDrawing(svg: string, drawer: Drawer): string {
  if (drawer === 'pen')
    return [/<defs>[\s\S]*?<\/defs>/, /<g id="pen"[\s\S]*?<\/g>/]
      .map((part) => svg.match(part)![0])
      .join('');
  return svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>'));
}
