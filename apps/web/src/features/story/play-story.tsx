import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { ProjectSound } from '@/features/audio/use-project-audio';
import { NO_EDITS } from '@/features/stroke-editor/edit-history';
import { strokePlanInput } from '@/features/stroke-editor/plan-input';
import type { Size } from '@/features/workspace/canvas/coordinates';
import { toast } from '@/hooks/use-toast';
import type { Hand, VideoShape } from '@/lib/contract';
import { fillsFrame } from './frame-fit';
import type { PlayerScene } from './player/player-scene';
import { StoryPlayer } from './player/story-player';
import { finishedTexts, type Scene } from './story-state';

export interface PlayedStory {
  scenes: PlayerScene[];
  frame: Size;
}

/**
 * The story as the player plays it: each scene with its picture as drawn (`pictures`, by scene id),
 * in the video's `frame` (the editor's paper: the shape's, or the first picture's proportions).
 */
export function playedStory(
  scenes: readonly Scene[],
  pictures: ReadonlyMap<string, File>,
  frame: Size,
  shape: VideoShape,
): PlayedStory {
  return {
    frame,
    scenes: scenes.map((scene, index) => {
      const picture = pictures.get(scene.id);
      return {
        id: scene.id,
        plan: picture ? strokePlanInput(picture, scene.zones, scene) : null,
        edits: scene.edits ?? NO_EDITS,
        blank: scene.picture === 'blank',
        fillsFrame: fillsFrame(scenes, index, shape),
        drawingTime: scene.drawingTime,
        holdSeconds: scene.holdSeconds,
        texts: finishedTexts(scene.texts),
        transition: scene.transition,
      };
    }),
  };
}

/**
 * "Play story": the whole story played in the page before paying, every scene with its
 * transitions and the story's sound. Its pictures are gathered as it opens.
 */
export function PlayStory({
  prepare,
  hand,
  colour,
  sound,
}: {
  prepare: () => Promise<PlayedStory>;
  hand: Hand;
  colour: boolean;
  sound: { tracks: ProjectSound; voiceSeconds: number } | null;
}) {
  const [played, setPlayed] = useState<PlayedStory | null>(null);
  const [preparing, setPreparing] = useState(false);
  const open = async () => {
    setPreparing(true);
    try {
      setPlayed(await prepare());
    } catch {
      toast({
        title: 'Could Not Play the Story',
        description: 'A scene’s picture could not be loaded. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setPreparing(false);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" disabled={preparing} onClick={() => void open()}>
        {preparing ? <Spinner /> : <Clapperboard className="h-4 w-4" aria-hidden="true" />}
        Play story
      </Button>
      <Dialog open={played !== null} onOpenChange={(isOpen) => !isOpen && setPlayed(null)}>
        <DialogContent className="max-w-4xl">
          <div className="pr-8">
            <DialogTitle>Play Story</DialogTitle>
            <DialogDescription>
              Every scene with its transitions, as the video will draw it, at no cost.
            </DialogDescription>
          </div>
          {played && (
            <StoryPlayer
              scenes={played.scenes}
              frame={played.frame}
              hand={hand}
              colour={colour}
              sound={sound}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
