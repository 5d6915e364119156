import { Contrast } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HelpLink } from '@/components/ui/help-link';
import { Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { DirectionSelect } from '../fields/direction-select';
import { FillSlider } from '../fields/fill-slider';
import { CreditCost } from './credit-cost';
import { DrawingTimeField } from './drawing-time-field';
import { ExportChoice } from './export-choice';
import { fillToGrayscale, grayscaleToFill } from './fill';
import { HandSelect } from './hand-select';
import { ModelSelect } from './model-select';
import { ShapeSelect } from './shape-select';
import type { SceneStory } from '@/features/story/scene-story';
import type { VideoSettings } from './use-video-settings';

export interface InvertControl {
  inverted: boolean;
  inverting: boolean;
  toggleInverted: () => void;
}

/** Spec 2.5: the video's settings, its cost, and the actions (`children`) below them. */
export function SettingsCard({
  settings,
  invert,
  voiceSeconds,
  story,
  sceneFields,
  children,
}: {
  settings: VideoSettings;
  invert: InvertControl;
  /** The voice-over's trimmed length (the video lasts at least as long); null without one. */
  voiceSeconds: number | null;
  /** The open scene's story: its lengths and the scenes the price counts. */
  story: SceneStory;
  /** A story scene's own settings (its hold). */
  sceneFields?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title="Animation Settings"
      actions={<HelpLink section="animation-settings" topic="animation settings" />}
    >
      <div className="grid gap-5">
        <ModelSelect value={settings.aiModel} onChange={settings.setModel} />
        <ShapeSelect value={settings.shape} onChange={settings.setShape} />
        <HandSelect value={settings.hand} onChange={settings.setHand} />
        <DrawingTimeField
          entry={settings.drawingTimeEntry}
          drawingTime={settings.drawingTime}
          refusal={settings.drawingTimeRefusal}
          aiModel={settings.aiModel}
          voiceSeconds={voiceSeconds}
          storySeconds={story.told ? story.seconds : null}
          onEdit={settings.editDrawingTime}
        />
        {sceneFields}
        <div className="grid gap-2">
          <Label htmlFor="fill-level">Fill level</Label>
          <FillSlider
            id="fill-level"
            value={grayscaleToFill(settings.grayscaleLevel)}
            onChange={(fill) => settings.setGrayscaleLevel(fillToGrayscale(fill))}
          />
          <p className="text-xs text-slate-500">How much of the darker areas is shaded in.</p>
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="direction">Drawing direction</Label>
            <HelpLink section="animation-direction" topic="animation direction" />
          </div>
          <DirectionSelect
            id="direction"
            value={settings.direction}
            onChange={settings.setDirection}
          />
        </div>
        <Button variant="outline" onClick={invert.toggleInverted} disabled={invert.inverting}>
          {invert.inverting ? <Spinner /> : <Contrast className="h-4 w-4" aria-hidden="true" />}
          {invert.inverted ? 'Revert Colors' : 'Invert Colors'}
        </Button>
        <ExportChoice value={settings.exports} onChange={settings.setExports} />
        <CreditCost aiModel={settings.aiModel} scenes={story.priced} exports={settings.exports} />
        {children}
      </div>
    </Card>
  );
}
