import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
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
    <div className="grid gap-2">
      <Label htmlFor="ai-model">AI model</Label>
      <Select
        id="ai-model"
        value={value}
        onChange={(event) => onChange(event.target.value as AiModel)}
      >
        {AI_MODELS.map((model) => (
          <option key={model} value={model}>
            {MODEL_LABELS[model]} ({MODEL_CREDIT_COST[model]} credits)
          </option>
        ))}
      </Select>
      <p className="text-xs text-slate-500">{MODEL_HINTS[value]}</p>
    </div>
  );
}
