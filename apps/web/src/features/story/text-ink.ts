import { penRadius, TEXT_GREY } from '@rasma/engine/outline';
import type { Size } from '@/features/workspace/canvas/coordinates';

/** The text's ink as the engine writes it: its grey. */
export const TEXT_INK = `rgb(${TEXT_GREY} ${TEXT_GREY} ${TEXT_GREY})`;

/** The width of the pen's line that writes the text in a frame (frame pixels), as the engine's. */
export const textPenWidth = (frame: Size): number => 2 * penRadius(frame);
