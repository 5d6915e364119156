import { EnumSelect } from '@/components/ui/enum-select';
import { MODEL_LABELS } from '@/features/videos/model-labels';
import { AI_MODELS, MODEL_CREDIT_COST, type AiModel } from '@/lib/contract';

const MODEL_HINTS: Record<AiModel, string> = {
  'rasma-ai': 'Black and white sketch',
  'rasma-ai-color': 'Sketch with your picture’s colours',
};

export function ModelSelect({
  value,
  onChange,
}: {
  value: AiModel;
  onChange: (model: AiModel) => void;
}) {
  return (
    <EnumSelect
      id="ai-model"
      label="AI model"
      options={AI_MODELS}
      optionLabel={(model) => `${MODEL_LABELS[model]} (${MODEL_CREDIT_COST[model]} credits)`}
      value={value}
      onChange={onChange}
      hint={MODEL_HINTS[value]}
    />
  );
}
