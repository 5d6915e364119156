import { Eye, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AudioCard } from '@/features/audio/audio-card';
import { audioWaiting } from '@/features/audio/audio-waiting';
import { useEditorSound } from '@/features/audio/editor-sound';
import { useProjectAudio } from '@/features/audio/use-project-audio';
import { DEFAULT_BRUSH_SIZE } from '@/lib/contract';
import { createVideoBlobData, imageForm } from './generate/video-form';
import { useCreateVideo } from './generate/use-create-video';
import { ImagePanel } from './image-panel';
import { useInvertibleImage } from './image/use-invertible-image';
import { useLiveOutline } from './live-outline/use-live-outline';
import { BusyOverlay } from './preview/busy-overlay';
import { PreviewDialog } from './preview/preview-dialog';
import { useOutlinePreview } from './preview/use-outline-preview';
import { useProjectState, zonesOf } from './projects/project-state';
import { SaveStatusNote } from './projects/save-status';
import type { OpenProject } from './projects/use-open-project';
import { useProjectAutosave } from './projects/use-project-autosave';
import { SettingsCard } from './settings/settings-card';
import { StrokeEditor } from '@/features/stroke-editor/stroke-editor';
import { useStrokePlanInput } from '@/features/stroke-editor/plan-input';
import { useStrokeEdits } from '@/features/stroke-editor/use-stroke-edits';
import { usePlanAhead, useStrokeWorker } from '@/features/stroke-editor/use-stroke-view';
import type { VideoSettings } from './settings/use-video-settings';
import type { ChosenImage } from './use-chosen-image';
import { newZone } from './zones/zone';
import { useZones } from './zones/use-zones';
import { ZonesCard } from './zones/zones-card';

/**
 * Spec 2.5, once an image is chosen: the image with its zone canvas, the Special Zones, the
 * settings, the preview and Generate. Its zones, inversion and stroke edits belong to this image
 * (the editor is made anew for each, from its project's saved work when it is opened again); the
 * settings are the workspace's. All of it is saved in the project as it changes.
 */
export function ImageEditor({
  chosen,
  project,
  settings,
  onProjectCreated,
  onChooseAnother,
  onCreated,
}: {
  chosen: ChosenImage;
  project: OpenProject;
  settings: VideoSettings;
  onProjectCreated: (id: string) => void;
  onChooseAnother: () => void;
  onCreated: () => void;
}) {
  const { restored } = project;
  const { zones, dispatch } = useZones(restored ? zonesOf(restored) : undefined);
  const [brushSize, setBrushSize] = useState<number>(DEFAULT_BRUSH_SIZE);
  const invert = useInvertibleImage(chosen, restored?.inverted);
  const preview = useOutlinePreview();
  const image = invert.current.image;
  const { drawingTime, grayscaleLevel } = settings;
  const [outlineShown, setOutlineShown] = useState(false);
  const live = useLiveOutline({ enabled: outlineShown, image, grayscaleLevel, zones });
  // The image's stroke edits: shown and changed in the "Edit strokes" mode, sent with Generate.
  const strokeEdits = useStrokeEdits(restored?.edits);
  const audio = useProjectAudio({
    projectId: project.id,
    saved: restored?.audio,
    files: project.audioFiles,
  });
  const projectState = useProjectState({
    zones,
    settings,
    inverted: invert.invertedAsSaved,
    edits: strokeEdits.edits,
    audio: audio.settings,
  });
  const autosave = useProjectAutosave({
    projectId: project.id,
    image: chosen.image,
    state: projectState,
    onCreated: onProjectCreated,
  });
  // The project a video is made from becomes the newest, first among the recent ones.
  const create = useCreateVideo({
    onCreated: () => {
      autosave.saveNow();
      onCreated();
    },
  });
  const [strokesShown, setStrokesShown] = useState(false);
  const editorSound = useEditorSound(audio.sound, settings, audio.voiceSeconds);
  const strokeWorker = useStrokeWorker();
  const strokeInput = useStrokePlanInput(image, zones, settings);
  usePlanAhead(strokeWorker, {
    enabled: !strokesShown,
    input: strokeInput,
    edits: strokeEdits.edits,
  });

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <ImagePanel
          shown={invert.current}
          name={chosen.image.name}
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
          {preview.showOverlay && <BusyOverlay label="Generating Preview" />}
        </ImagePanel>
        <ZonesCard
          zones={zones}
          dispatch={dispatch}
          brushSize={brushSize}
          onBrushSize={setBrushSize}
        />
        <AudioCard
          audio={audio}
          waiting={audioWaiting(project.id, autosave.status, autosave.refusal)}
          onFit={(seconds) => settings.editDrawingTime(String(seconds))}
        />
      </div>
      <div className="lg:sticky lg:top-20">
        <SettingsCard settings={settings} invert={invert} voiceSeconds={audio.voiceSeconds}>
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
              disabled={drawingTime === null || create.isPending || invert.inverting || audio.busy}
              onClick={() =>
                drawingTime !== null &&
                create.mutate(
                  audio.files().then((audioFiles) =>
                    imageForm(
                      image,
                      {
                        blobData: createVideoBlobData(
                          settings,
                          drawingTime,
                          zones,
                          strokeEdits.edits,
                          audio.blobAudio(),
                        ),
                      },
                      audioFiles,
                    ),
                  ),
                )
              }
            >
              {create.isPending ? <Spinner /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
              Generate
            </Button>
          </div>
          <SaveStatusNote status={autosave.status} refusal={autosave.refusal} />
        </SettingsCard>
      </div>
      <PreviewDialog image={preview.image} onClose={preview.close} />
    </div>
  );
}
