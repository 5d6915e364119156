import { textPenRadius, TEXT_GREY } from '@rasma/engine/outline';
import type { Size } from '@/features/workspace/canvas/coordinates';

/** The text's ink as the engine writes it: its grey. */
export const TEXT_INK = `rgb(${TEXT_GREY} ${TEXT_GREY} ${TEXT_GREY})`;

/**
 * The width of the pen's line that writes text of `size` (a capital's share of the frame's
 * height) in a frame (frame pixels), as the engine's.
 */
export const textPenWidth = (frame: Size, size: number): number => 2 * textPenRadius(frame, size);
