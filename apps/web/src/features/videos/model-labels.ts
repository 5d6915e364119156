import type { AiModel } from '@rasma/contract';

/** How each model is named to people. */
export const MODEL_LABELS: Record<AiModel, string> = {
  'rasma-ai': 'Rasma AI',
  'rasma-ai-color': 'Rasma AI Colour',
};

/** The model that brushes the picture's colours in after the drawing. */
export { isColourModel } from '@rasma/contract/constants';
