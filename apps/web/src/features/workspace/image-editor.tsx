import { FPS, storyTimeline } from '@rasma/engine/outline';
import { useCallback } from 'react';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { AudioCard } from '@/features/audio/audio-card';
import { audioWaiting } from '@/features/audio/audio-waiting';
import { fitDrawingTime, fitText } from '@/features/audio/fit';
import { useProjectAudio } from '@/features/audio/use-project-audio';
import { AddScenePanel, sceneImageWaiting } from '@/features/story/add-scene-panel';
import { fillsFrame } from '@/features/story/frame-fit';
import { PlayStory, playedStory } from '@/features/story/play-story';
import { SceneStrip } from '@/features/story/scene-strip';
import { storyBlobData, storyForm } from '@/features/story/story-form';
import { useStoryProjectState } from '@/features/story/story-project-state';
import { firstPicture, type SceneChange } from '@/features/story/story-state';
import { useScenePictures } from '@/features/story/use-scene-pictures';
import { useStory } from '@/features/story/use-story';
import { isColourModel } from '@/features/videos/model-labels';
import { STORY_LIMITS, STORY_MESSAGES, storyCountedSeconds } from '@/lib/contract';
import { createVideoBlobData, imageForm } from './generate/video-form';
import { useCreateVideo } from './generate/use-create-video';
import { SaveStatusNote } from './projects/save-status';
import type { OpenProject } from './projects/use-open-project';
import { useProjectAutosave } from './projects/use-project-autosave';
import { SceneEditor } from './scene-editor';
import type { VideoSettings } from './settings/use-video-settings';
import type { ChosenImage } from './use-chosen-image';

/**
 * Spec 2.5, once an image is chosen: its project, a story of one scene (the image) or more, with
 * the scene strip above the editor of the open scene. The story's scenes, its audio and the
 * settings are saved in the project as they change; Generate sends the image and settings, or the
 * story's scenes and their pictures.
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
  const story = useStory(restored, settings);
  const { active, told, change } = story;
  const audio = useProjectAudio({
    projectId: project.id,
    saved: restored?.audio,
    files: project.audioFiles,
  });
  const autosave = useProjectAutosave({
    projectId: project.id,
    image: chosen.image,
    state: useStoryProjectState(story.story, settings, audio.settings),
    onCreated: onProjectCreated,
  });
  // The project a video is made from becomes the newest, first among the recent ones.
  const create = useCreateVideo({
    onCreated: () => {
      autosave.saveNow();
      onCreated();
    },
  });
  const pictures = useScenePictures({
    projectId: project.id,
    chosen,
    kept: project.sceneImages ?? [],
    shape: settings.shape,
    firstPicture: firstPicture(story.story.scenes),
    opened: active.picture,
  });
  const { scenes } = story.story;
  const colour = isColourModel(settings.aiModel);
  const timeline = storyTimeline(scenes, colour, audio.voiceSeconds ?? 0);
  const sceneSeconds = timeline.scenes.map((scene) => scene.frames / FPS);
  const activeIndex = scenes.indexOf(active);
  const shown = pictures.shown(active.picture);
  const onSceneChange = useCallback(
    (sceneChange: SceneChange) => change(active.id, sceneChange),
    [change, active.id],
  );
  const waiting = audioWaiting(project.id, autosave.status, autosave.refusal);
  const tooLong = storyCountedSeconds(scenes) > STORY_LIMITS.maxTotalSeconds;

  const generate = (shownImage: File) => {
    const { drawingTime } = settings;
    if (drawingTime === null) return;
    create.mutate(
      audio.files().then(async (audioFiles) => {
        const blobAudio = audio.blobAudio();
        if (!told) {
          const blobData = createVideoBlobData(
            settings,
            drawingTime,
            active.zones,
            active.edits,
            blobAudio,
          );
          return imageForm(shownImage, { blobData }, audioFiles);
        }
        const files = await pictures.files(scenes, { sceneId: active.id, image: shownImage });
        return storyForm(scenes, files, storyBlobData(settings, scenes, blobAudio), audioFiles);
      }),
    );
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <SceneStrip
        story={story.story}
        told={told}
        sceneSeconds={sceneSeconds}
        totalSeconds={timeline.totalFrames / FPS}
        thumbnail={pictures.thumbnail}
        paper={pictures.paper}
        refusal={tooLong ? STORY_MESSAGES.tooLong : null}
        onSelect={story.select}
        onMove={story.move}
        onDuplicate={story.duplicate}
        onDelete={story.remove}
        onTransition={story.transition}
        extraActions={
          told && (
            <PlayStory
              prepare={async () =>
                playedStory(scenes, await pictures.files(scenes), pictures.paper, settings.shape)
              }
              hand={settings.hand}
              colour={colour}
              sound={
                audio.sound.voice || audio.sound.music
                  ? { tracks: audio.sound, voiceSeconds: audio.voiceSeconds ?? 0 }
                  : null
              }
            />
          )
        }
        addPanel={
          <AddScenePanel
            waiting={sceneImageWaiting(project.id, autosave.status, autosave.refusal)}
            onPicture={async (image) => story.add(await pictures.add(image))}
            onBlank={() => story.add('blank')}
          />
        }
      />
      {shown ? (
        <SceneEditor
          key={`${active.id} ${shown.previewUrl}`}
          chosen={shown}
          scene={active}
          settings={settings}
          audio={audio}
          audioCard={
            <AudioCard
              audio={audio}
              waiting={waiting}
              onFit={(voiceSeconds) => {
                const fit = fitDrawingTime(voiceSeconds, scenes, activeIndex, colour);
                settings.editDrawingTime(String(fit.drawingTime));
                return fitText(fit, told);
              }}
            />
          }
          story={{
            told,
            seconds: {
              start: (timeline.scenes[activeIndex]?.start ?? 0) / FPS,
              scene: sceneSeconds[activeIndex] ?? 0,
              story: timeline.totalFrames / FPS,
            },
            priced: scenes.map((scene) => ({ blank: scene.picture === 'blank' })),
            frame: {
              size: pictures.paper,
              fills: fillsFrame(scenes, activeIndex, settings.shape),
            },
          }}
          onChange={onSceneChange}
          onChooseAnother={onChooseAnother}
          generate={{
            onGenerate: generate,
            pending: create.isPending,
            blocked: audio.busy || tooLong,
          }}
          saveStatus={<SaveStatusNote status={autosave.status} refusal={autosave.refusal} />}
        />
      ) : (
        <Card title="Opening the Scene">
          <LoadingBlock />
        </Card>
      )}
    </div>
  );
}
