/**
 * What of the hand's SVG (`assets/hand.svg`) draws in a video: all of it (the hand holding its
 * pen, its sleeve) in the skin tone chosen, or the pen alone (its gradients and its group).
 * Browser-safe: the web app shows the same drawing as its previews. Pure.
 */
import type { Hand } from '@rasma/contract/constants';

/** What draws in a video that shows something drawing: a hand with its pen, or the pen alone. */
export type Drawer = Exclude<Hand, 'none'>;

/** A hand, by its skin tone. */
type SkinnedHand = Exclude<Drawer, 'pen'>;

/**
 * The skin's colours as the SVG has them (the light tone's): highlight, skin, shade, outline,
 * then the nail's free edge, the nail, its root and outline, and the pen's shadow on the skin.
 */
const LIGHT_SKIN = [
  '#f6dcc8',
  '#e9bea1',
  '#cf987a',
  '#a86e52',
  '#fbeee6',
  '#f1cdbf',
  '#e4ad98',
  '#c48f78',
  '#7a4a35',
] as const;

/** Each hand's colours in the place of `LIGHT_SKIN`'s. */
const SKIN_TONES: Record<SkinnedHand, readonly string[]> = {
  hand: LIGHT_SKIN,
  'hand-medium': [
    '#dcab82',
    '#c38a5e',
    '#9d6742',
    '#6f4329',
    '#f1dccb',
    '#dfb89e',
    '#c9977a',
    '#93644a',
    '#4a2b1b',
  ],
  'hand-dark': [
    '#94664a',
    '#704731',
    '#4f2f1f',
    '#2c180d',
    '#dcc4b4',
    '#b48d78',
    '#8f6855',
    '#553829',
    '#1e1009',
  ],
};

/** The inside of the SVG (`svg`: its text) that `drawer` keeps, in its skin tone. */
export function handDrawing(svg: string, drawer: Drawer): string {
  if (drawer === 'pen')
    return [/<defs>[\s\S]*?<\/defs>/, /<g id="pen"[\s\S]*?<\/g>/]
      .map((part) => svg.match(part)![0])
      .join('');
  const inside = svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>'));
  const tone = SKIN_TONES[drawer];
  return LIGHT_SKIN.reduce((art, colour, i) => art.replaceAll(colour, tone[i]!), inside);
}
