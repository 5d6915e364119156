/**
 * A story without zod (`@rasma/contract/story-limits`): its limits, transitions, handwriting
 * styles, the characters the hand can write, the price rule and the messages of `story.ts`, which
 * re-exports them. The engine, the web app and pages that only show them load no schemas.
 *
 * A story is a video of several scenes, drawn one after another with a transition between each two.
 * A scene is what a one-picture video is today (its picture or a blank board, Special Zones, stroke
 * edits, drawing time, direction, fill level) with a hold on its finished picture and text blocks
 * the hand writes. A video of one scene is exactly today's video.
 */
/**
 * - `maxScenes`: 20 scenes, each up to the spec's 100 s drawing;
 * - `maxTotalSeconds`: the whole story (drawings, colour phases, holds and transitions) at most
 *   10 minutes, which bounds a render's time and its file;
 * - `holdSeconds`: the finished picture stays on screen this long before the next scene;
 * - `maxTextBlocks` per scene, `maxTextLength` characters and `maxTextLines` lines per block;
 * - `textSize`: a block's letter height (a capital's) as a share of the frame's height;
 * - `transitionSeconds`: a fade's, a slide's or a camera move's length (a cut has none).
 */
export const STORY_LIMITS = {
  maxScenes: 20,
  maxTotalSeconds: 600,
  holdSeconds: { min: 0, max: 10, default: 2 },
  maxTextBlocks: 6,
  maxTextLength: 160,
  maxTextLines: 4,
  textSize: { min: 0.03, max: 0.3, default: 0.08 },
  transitionSeconds: { min: 0.2, max: 3, default: 1 },
  maxSceneIdLength: 64,
} as const;

/**
 * How one scene gives way to the next:
 * - `cut`: the next scene's first frame follows the last at once;
 * - `fade`: the finished picture fades to the next scene's blank paper;
 * - `slide`: the next scene's paper pushes the finished picture out to the left;
 * - `camera`: scenes are drawn side by side on one large whiteboard and the camera travels to
 *   where the next is drawn (the earlier ones stay on the board and pass out of the frame).
 */
export const TRANSITIONS = ['cut', 'fade', 'slide', 'camera'] as const;
export type Transition = (typeof TRANSITIONS)[number];
export const TRANSITION_LABELS: Record<Transition, string> = {
  cut: 'Cut',
  fade: 'Fade',
  slide: 'Slide',
  camera: 'Camera move',
};
export const DEFAULT_TRANSITION: Transition = 'fade';

/** Seconds a transition adds to the video: none for a cut. */
export const transitionSeconds = (transition: { kind: Transition; seconds: number }): number =>
  transition.kind === 'cut' ? 0 : transition.seconds;

/** A scene's picture when it has none: a blank board (a title card, text only). */
export const BLANK_PICTURE = 'blank';

/** The two handwriting styles: single-line fonts, so each letter is one or a few pen strokes. */
export const HANDWRITING_STYLES = ['print', 'cursive'] as const;
export type HandwritingStyle = (typeof HANDWRITING_STYLES)[number];
export const HANDWRITING_STYLE_LABELS: Record<HandwritingStyle, string> = {
  print: 'Print',
  cursive: 'Cursive',
};
export const DEFAULT_HANDWRITING_STYLE: HandwritingStyle = 'print';

/** When a text block is written: before the picture, after it, or after a part (`"group.band"`). */
export const TEXT_MOMENTS = ['before', 'after'] as const;
export type TextMoment = (typeof TEXT_MOMENTS)[number];

/**
 * The characters the hand can write, besides a line break: printable ASCII; letters with the
 * accents of the Latin alphabets (an ASCII letter with any of the combining marks below: é, ñ,
 * ç, ő, š, ą...); and the punctuation and signs in `HANDWRITING_EXTRAS`. Anything else
 * (another script, an emoji) is refused with `TEXT_MESSAGES.character`, never drawn as a box.
 */
export const HANDWRITING_MARKS = [
  '\u0300', // grave
  '\u0301', // acute
  '\u0302', // circumflex
  '\u0303', // tilde
  '\u0304', // macron
  '\u0306', // breve
  '\u0307', // dot above
  '\u0308', // diaeresis
  '\u030a', // ring above
  '\u030b', // double acute
  '\u030c', // caron
  '\u0327', // cedilla
  '\u0328', // ogonek
] as const;
export const HANDWRITING_EXTRAS = 'ßÆæØøŒœ¡¿«»€£¥°±×÷–—‘’“”…·©®§¶';

const PRINTABLE_ASCII = /^[\x20-\x7e]$/;
const ASCII_LETTER = /^[A-Za-z]$/;

/** Whether the hand can write this character (one code point; a line break is not one). */
export function isWritableCharacter(character: string): boolean {
  if (PRINTABLE_ASCII.test(character) || HANDWRITING_EXTRAS.includes(character)) return true;
  const [base, ...marks] = character.normalize('NFD');
  return (
    base !== undefined &&
    ASCII_LETTER.test(base) &&
    marks.length > 0 &&
    marks.every((mark) => (HANDWRITING_MARKS as readonly string[]).includes(mark))
  );
}

/** The characters of `text` the hand cannot write, each once, in the order they first appear. */
export function unwritableCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const character of text.normalize('NFC')) {
    if (character !== '\n' && !isWritableCharacter(character)) found.add(character);
  }
  return [...found];
}

/** What a story's limits and its text are refused with (the web app shows the same texts). */
export const STORY_MESSAGES = {
  noScenes: 'A story has at least one scene.',
  tooManyScenes: `A story has at most ${STORY_LIMITS.maxScenes} scenes.`,
  tooLong: `A story lasts at most ${STORY_LIMITS.maxTotalSeconds / 60} minutes. Shorten some scenes' drawing or hold times, or remove a scene.`,
  missingPicture: (field: string) => `The picture for ${field} is missing from the upload.`,
  unusedPicture: (field: string) => `The file ${field} is not the picture of any scene.`,
  duplicateScene: 'Each scene needs its own id.',
  unknownSceneImage: 'A scene names a picture that is not one of this project’s images.',
} as const;
export const TEXT_MESSAGES = {
  empty: 'A text block needs some text.',
  tooLong: `A text block has at most ${STORY_LIMITS.maxTextLength} characters.`,
  tooManyLines: `A text block has at most ${STORY_LIMITS.maxTextLines} lines.`,
  tooManyBlocks: `A scene has at most ${STORY_LIMITS.maxTextBlocks} text blocks.`,
  character: (characters: string[]) =>
    `The hand cannot write ${characters.map((c) => `"${c}"`).join(', ')}: it writes Latin letters (accents included), digits and common punctuation.`,
} as const;

/** One scene as the price counts it. */
export interface PricedScene {
  /** A blank board (text only) or a picture. */
  blank: boolean;
}

/** The price rule, said once: the credits page shows it, the server and the workspace apply it. */
export const STORY_CREDIT_RULE =
  'A video costs its model’s credits for each scene with a picture; blank-board scenes (titles and text) are free, and a video always costs at least one scene.';

/** A story's price for a model's cost per picture, by `STORY_CREDIT_RULE`. */
export function storyCreditCost(costPerPicture: number, scenes: readonly PricedScene[]): number {
  const pictures = scenes.filter((scene) => !scene.blank).length;
  return costPerPicture * Math.max(1, pictures);
}
