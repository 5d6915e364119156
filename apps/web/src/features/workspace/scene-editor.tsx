import { Eye, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useEditorSound } from '@/features/audio/editor-sound';
import type { ProjectAudio } from '@/features/audio/use-project-audio';
import { StrokeEditor } from '@/features/stroke-editor/stroke-editor';
import { useStrokePlanInput } from '@/features/stroke-editor/plan-input';
import { useStrokeEdits } from '@/features/stroke-editor/use-stroke-edits';
import { usePlanAhead, useStrokeWorker } from '@/features/stroke-editor/use-stroke-view';
import { pictureInFrame } from '@/features/story/frame-fit';
import { SceneFields } from '@/features/story/scene-fields';
import type { Scene, SceneChange } from '@/features/story/story-state';
import { TextBlocksCard } from '@/features/story/text/text-blocks-card';
import { TextOverlay } from '@/features/story/text/text-overlay';
import { usePictureSize } from '@/features/story/use-picture-size';
import { DEFAULT_BRUSH_SIZE } from '@/lib/contract';
import type { SceneStory } from '@/features/story/scene-story';
import { ImagePanel } from './image-panel';
import { useInvertibleImage } from './image/use-invertible-image';
import { useLiveOutline } from './live-outline/use-live-outline';
import { BusyOverlay } from './preview/busy-overlay';
import { PreviewDialog } from './preview/preview-dialog';
import { useOutlinePreview } from './preview/use-outline-preview';
import { SettingsCard } from './settings/settings-card';
import type { VideoSettings } from './settings/use-video-settings';
import type { ChosenImage } from './use-chosen-image';
import { newZone } from './zones/zone';
import { useZones } from './zones/use-zones';
import { ZonesCard } from './zones/zones-card';

/**
 * Spec 2.5, for one scene: its picture with the zone canvas, the Special Zones, its text, the
 * settings, the preview and Generate. Its zones, inversion and stroke edits are its own (the
 * editor is made anew for each scene, from the work it was left with), and each change is told
 * with `onChange`; the settings are the workspace's, showing this scene's own.
 */
export function SceneEditor({
  chosen,
  scene,
  settings,
  audio,
  audioCard,
  story,
  onChange,
  onChooseAnother,
  generate,
  saveStatus,
}: {
  /** The scene's picture (white paper for a blank board). */
  chosen: ChosenImage;
  scene: Scene;
  settings: VideoSettings;
  audio: ProjectAudio;
  audioCard: ReactNode;
  story: SceneStory;
  onChange: (change: SceneChange) => void;
  onChooseAnother: () => void;
  /** Generate: called with the picture as shown (inverted or not); blocked while it cannot be. */
  generate: { onGenerate: (image: File) => void; pending: boolean; blocked: boolean };
  saveStatus: ReactNode;
}) {
  const { zones, dispatch } = useZones(scene.zones);
  const [brushSize, setBrushSize] = useState<number>(DEFAULT_BRUSH_SIZE);
  const invert = useInvertibleImage(chosen, scene.inverted);
  const preview = useOutlinePreview();
  const image = invert.current.image;
  const { drawingTime, grayscaleLevel } = settings;
  const [outlineShown, setOutlineShown] = useState(false);
  const live = useLiveOutline({ enabled: outlineShown, image, grayscaleLevel, zones });
  // The scene's stroke edits: shown and changed in the "Edit strokes" mode, sent with Generate.
  const strokeEdits = useStrokeEdits(scene.edits);
  const { edits } = strokeEdits;
  const inverted = invert.invertedAsSaved;
  useEffect(() => onChange({ zones, inverted, edits }), [onChange, zones, inverted, edits]);
  const [strokesShown, setStrokesShown] = useState(false);
  const editorSound = useEditorSound(audio.sound, story.seconds);
  const strokeWorker = useStrokeWorker();
  const strokeInput = useStrokePlanInput(image, zones, settings);
  usePlanAhead(strokeWorker, { enabled: !strokesShown, input: strokeInput, edits });
  const planned = useSyncExternalStore(strokeWorker.subscribe, strokeWorker.state).view;
  const parts = useMemo(() => planned?.parts.map((part) => part.id) ?? [], [planned]);
  const picture = usePictureSize(chosen.image);
  const { width, height } = story.frame.size;
  const frame = useMemo(() => ({ width, height }), [width, height]);
  const framed = picture
    ? { frame, picture: pictureInFrame(picture, frame, story.frame.fills) }
    : undefined;
  const blank = scene.picture === 'blank';

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <ImagePanel
          shown={invert.current}
          name={blank ? 'Blank board' : chosen.image.name}
          zones={zones}
          brushSize={brushSize}
          onPaint={(points, size) => dispatch({ type: 'add', zone: newZone(points, size, zones) })}
          onChooseAnother={onChooseAnother}
          outline={{
            shown: outlineShown,
            onToggle: () => {
              setOutlineShown((shown) => !shown);
              setStrokesShown(false);
            },
            image: live.outline,
            failed: live.failed,
          }}
          framed={framed}
          strokes={{
            shown: strokesShown,
            onToggle: () => {
              setStrokesShown((shown) => !shown);
              setOutlineShown(false);
            },
            editor: (
              <StrokeEditor
                worker={strokeWorker}
                input={strokeInput}
                previewUrl={invert.current.previewUrl}
                zones={zones}
                settings={settings}
                strokeEdits={strokeEdits}
                sound={editorSound}
              />
            ),
          }}
        >
          {framed && (
            <TextOverlay
              blocks={scene.texts}
              frame={frame}
              onMove={(id, position) =>
                onChange({
                  texts: scene.texts.map((block) =>
                    block.id === id ? { ...block, ...position } : block,
                  ),
                })
              }
            />
          )}
          {preview.showOverlay && <BusyOverlay label="Generating Preview" />}
        </ImagePanel>
        <ZonesCard
          zones={zones}
          dispatch={dispatch}
          brushSize={brushSize}
          onBrushSize={setBrushSize}
        />
        <TextBlocksCard
          blocks={scene.texts}
          parts={parts}
          onChange={(texts) => onChange({ texts })}
        />
        {audioCard}
      </div>
      <div className="lg:sticky lg:top-20">
        <SettingsCard
          settings={settings}
          invert={invert}
          voiceSeconds={audio.voiceSeconds}
          story={story}
          sceneFields={
            story.told && (
              <SceneFields
                holdSeconds={scene.holdSeconds}
                onHold={(holdSeconds) => onChange({ holdSeconds })}
              />
            )
          }
        >
          <div className="grid grid-cols-[auto_1fr] gap-3">
            <Button
              variant="outline"
              disabled={preview.pending || invert.inverting}
              onClick={() => preview.request({ image, grayscaleLevel, zones })}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
              Preview
            </Button>
            <Button
              variant="accent"
              disabled={
                drawingTime === null || generate.pending || invert.inverting || generate.blocked
              }
              onClick={() => generate.onGenerate(image)}
            >
              {generate.pending ? <Spinner /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
              Generate
            </Button>
          </div>
          {saveStatus}
        </SettingsCard>
      </div>
      <PreviewDialog image={preview.image} onClose={preview.close} />
    </div>
  );
}
