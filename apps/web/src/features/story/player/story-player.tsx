import {
  FPS,
  handPixelsPerUnit,
  handPose,
  handwritingStrokes,
  sceneTextSchedule,
  storyTimeline,
} from '@rasma/engine/outline';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PreviewSound } from '@/features/audio/preview-sound';
import { audioContext } from '@/features/audio/track-player';
import type { ProjectSound } from '@/features/audio/use-project-audio';
import {
  PlaybackClock,
  useClockFrame,
  useClockPlaying,
} from '@/features/stroke-editor/playback-clock';
import { PositionSlider } from '@/features/stroke-editor/position-slider';
import { useHeldHand } from '@/features/stroke-editor/use-held-hand';
import type { Size } from '@/features/workspace/canvas/coordinates';
import { TRANSITION_LABELS, type Hand } from '@/lib/contract';
import type { PlayerScene } from './player-scene';
import { storyMoment, type StoryMoment } from './story-moment';
import { textPenWidth } from '../text-ink';
import { StoryPainter, type PaintedScene } from './story-painter';
import { usePlannedPictures } from './use-planned-pictures';

/** On a blank board the hand is held as for writing, left to right (as the engine holds it). */
const BLANK_BOARD_HOLD = handPose('Left to right');

/** The player's long side in pixels: the stroke editor's preview's. */
const PLAYER_LONG_SIDE = 960;

/** The story's frame at the player's size, in the video's proportions. */
function playerSize({ width, height }: Size): Size {
  const scale = PLAYER_LONG_SIDE / Math.max(width, height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

const sceneText = (moment: StoryMoment, scenes: number) =>
  moment.kind === 'scene'
    ? `Scene ${moment.scene + 1} of ${scenes}`
    : `${TRANSITION_LABELS[moment.transition]} to scene ${moment.scene + 2} of ${scenes}`;

/**
 * The whole story played in the browser before paying: each scene drawn as the stroke editor's
 * preview draws it, its text written when the engine writes it, its hold, then the transition
 * into the next, on one canvas, with the story's sound. One clock (`PlaybackClock`) over the whole
 * story drives the picture, the position bar and the sound. The canvas says which scene
 * (`data-scene`, from 1) and frame (`data-frame`) it shows, and the transition (`data-transition`)
 * while one plays.
 */
export function StoryPlayer({
  scenes,
  frame,
  hand,
  colour,
  sound = null,
}: {
  scenes: readonly PlayerScene[];
  /** The video's frame (its proportions: the shape's, or the first picture's). */
  frame: Size;
  hand: Hand;
  /** A colour model: each scene has its colour phase (the preview shows it finished in ink). */
  colour: boolean;
  /** The voice-over and music, with the voice's kept length (a long voice lengthens the end). */
  sound?: { tracks: ProjectSound; voiceSeconds: number } | null;
}) {
  const size = useMemo(() => playerSize(frame), [frame]);
  const { pictures, toPlan, waiting, failed } = usePlannedPictures(scenes);
  const timeline = useMemo(
    () => storyTimeline(scenes, colour, sound?.voiceSeconds ?? 0),
    [scenes, colour, sound?.voiceSeconds],
  );
  const painted = useMemo<PaintedScene[]>(
    () =>
      scenes.map((scene, i) => ({
        picture: pictures[i],
        fillsFrame: scene.fillsFrame,
        schedule: sceneTextSchedule(scene, pictures[i]?.partEnds),
        texts: scene.texts.map((block) => ({
          strokes: handwritingStrokes(block, size),
          penWidth: textPenWidth(size, block.size),
        })),
        frames: timeline.scenes[i]!.frames,
      })),
    [scenes, size, timeline, pictures],
  );

  const [clock] = useState(() => new PlaybackClock());
  useEffect(() => () => clock.dispose(), [clock]);
  const ready = waiting === 0 && !failed;
  useEffect(() => clock.setFrames(timeline.totalFrames, ready));
  const shownFrame = useClockFrame(clock);
  const playing = useClockPlaying(clock);
  const moment = storyMoment(timeline, shownFrame);
  const shownScene = sceneText(moment, scenes.length);

  const held = useHeldHand(
    hand,
    handPixelsPerUnit(size.width, size.height),
    pictures[moment.scene]?.play.hold ?? BLANK_BOARD_HOLD,
  );

  const canvas = useRef<HTMLCanvasElement>(null);
  const painter = useRef<StoryPainter | null>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !ready) return;
    if (painter.current?.frame !== size) painter.current = new StoryPainter(context, size);
    painter.current.keepOnly(pictures);
    painter.current.paint(painted, moment, held);
  });

  return (
    <section aria-label="Story preview" className="grid gap-3">
      <div className="relative mx-auto w-full max-w-3xl">
        <canvas
          ref={canvas}
          width={size.width}
          height={size.height}
          aria-label="Story preview"
          data-scene={moment.scene + 1}
          data-frame={shownFrame}
          data-transition={moment.kind === 'transition' ? moment.transition : undefined}
          className="block h-auto w-full rounded-lg border border-slate-200 bg-white"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          onClick={() => {
            if (playing) return clock.pause();
            // Woken by the click itself: some browsers start sound only from one.
            if (sound) audioContext();
            clock.play();
          }}
        >
          {playing ? (
            <Pause className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Play className="h-4 w-4" aria-hidden="true" />
          )}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <PositionSlider
          clock={clock}
          frames={ready ? timeline.totalFrames : 0}
          detail={shownScene}
        />
        <span className="shrink-0 text-sm font-medium text-slate-800" aria-live="polite">
          {shownScene}
        </span>
      </div>
      <p role="status" className="min-h-4 px-1 text-xs text-slate-600">
        {failed
          ? 'The pictures could not be prepared in this browser; the video will still show them.'
          : waiting > 0
            ? `Preparing the pictures: ${waiting} of ${toPlan} to go.`
            : `The preview plays the story free of charge${colour ? ' (the colouring shows in the video only)' : ''}.`}
      </p>
      {sound && (
        <PreviewSound
          clock={clock}
          sound={sound.tracks}
          startSeconds={0}
          videoSeconds={timeline.totalFrames / FPS}
        />
      )}
    </section>
  );
}
