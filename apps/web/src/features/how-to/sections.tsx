import { ACCEPTED_AUDIO, AUDIO_CREDIT_RULE, AUDIO_LIMITS } from '@rasma/contract/audio-limits';
import { DRAWING_TIME, MODEL_CREDIT_COST } from '@rasma/contract/constants';
import {
  HANDWRITING_STYLE_LABELS,
  STORY_CREDIT_RULE,
  STORY_LIMITS,
  TRANSITION_LABELS,
} from '@rasma/contract/story-limits';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MODEL_LABELS } from '@/features/videos/model-labels';
import { DEMOS } from '../landing/demos';

export interface HowToSection {
  /** The anchor: `/how-to#<id>` opens and scrolls to this section (the workspace's help links). */
  id: string;
  title: string;
  /** Left out of the page's topic list (spec 2.9); still reachable by its anchor. */
  unlisted?: boolean;
  body: ReactNode;
}

function Figure({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <figure className="mt-4 max-w-sm">
      <img
        src={src}
        alt={alt}
        loading="lazy"
        width={320}
        height={240}
        className="w-full rounded-lg border border-slate-200 bg-white"
      />
      <figcaption className="mt-2 text-sm text-slate-500">{caption}</figcaption>
    </figure>
  );
}

const tip = 'list-disc space-y-2 pl-5';

export const HOW_TO_SECTIONS: readonly HowToSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: (
      <>
        <p>
          Rasma makes a video of a hand drawing your image. Sign in with Google, Apple or a code
          sent to your e-mail; a new account comes with free credits. Then:
        </p>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          <li>Upload an image, or pick one of the sample images to try things out.</li>
          <li>Optionally paint Special Zones over the parts to draw first.</li>
          <li>Choose the model, the drawing time, the fill level and the direction.</li>
          <li>Press Preview to check the outline, then Generate.</li>
          <li>Watch the progress in your Library; play or download the video when it is done.</li>
        </ol>
        <p className="mt-3">
          Not sure which picture works best? See{' '}
          <Link to="/how-to#choosing-preparing-image" className="text-ink-soft underline">
            choosing and preparing an image
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'choosing-preparing-image',
    title: 'Choosing and preparing an image',
    unlisted: true,
    body: (
      <>
        <ul className={tip}>
          <li>
            Clear line art with high contrast gives the cleanest strokes: drawings, diagrams,
            cartoons, logos, scanned sketches.
          </li>
          <li>
            Photos work too; busy backgrounds turn into many small strokes, so crop to the subject
            first.
          </li>
          <li>Light lines on a dark background? Use Invert Colors in the settings.</li>
          <li>A picture about 1600 to 2000 pixels wide is plenty; larger ones are scaled down.</li>
        </ul>
        <Figure
          src="/samples/brain-diagram-thumb.webp"
          alt="The Brain Diagram sample: dark outlines and labels on a white background"
          caption="High contrast and clear outlines, like this sample, draw best."
        />
      </>
    ),
  },
  {
    id: 'uploading-images',
    title: 'Uploading images',
    body: (
      <>
        <ul className={tip}>
          <li>
            Drag an image onto the upload card or press Use My Own File. The common formats JPG and
            PNG work best; WebP and GIF (its first frame) are accepted too.
          </li>
          <li>Keep files under 10MB: they upload faster, and nothing is lost in the video.</li>
          <li>Press Use Sample Image to pick one of six ready-made pictures.</li>
          <li>
            Your upload is used only to make your video and is deleted once the video is made (see
            the{' '}
            <Link to="/privacy" className="text-ink-soft underline">
              Privacy Policy
            </Link>
            ).
          </li>
        </ul>
        <Figure
          src="/samples/cat-in-box-thumb.webp"
          alt="The Cat in Box sample image"
          caption="One of the sample images you can start from."
        />
      </>
    ),
  },
  {
    id: 'blob-drawing',
    title: 'Painting Special Zones',
    body: (
      <>
        <ul className={tip}>
          <li>
            Paint over a part of the image with the mouse or a finger: each stroke you paint becomes
            a Special Zone, listed with its number and colour.
          </li>
          <li>
            Pick the brush size (Small, Medium, Large, X-Large) before painting; cover the whole
            part, a little over its edges is fine.
          </li>
          <li>
            Everything inside a zone is drawn before the rest of the picture. Give each zone its own
            direction and fill.
          </li>
          <li>Remove a zone with its bin button, or all of them with Remove All.</li>
        </ul>
        <Figure
          src={DEMOS['warrior-zones'].poster}
          alt="The Warrior Scene sample, finished drawing"
          caption="Two zones: the warrior first, then the castle, then the rest."
        />
      </>
    ),
  },
  {
    id: 'animation-settings',
    title: 'Animation settings',
    body: (
      <ul className={tip}>
        <li>
          Model: {MODEL_LABELS['rasma-ai']} draws in black and white (
          {MODEL_CREDIT_COST['rasma-ai']} credits); {MODEL_LABELS['rasma-ai-color']} draws the
          lines, then brushes in the picture’s colours ({MODEL_CREDIT_COST['rasma-ai-color']}{' '}
          credits).
        </li>
        <li>
          Drawing time: {DRAWING_TIME.min} to {DRAWING_TIME.max} seconds of drawing. The video holds
          the finished picture for a moment at its end (and the colour model adds time for the
          colours): the video’s whole length is shown under the field.
        </li>
        <li>
          What draws: a hand holding the pen, with light, medium or dark skin; the pen alone; or
          nothing, so the drawing appears by itself. Each choice shows its picture.
        </li>
        <li>
          Fill level: how much of the darker areas is shaded in. Low keeps only the outlines; high
          shades more. The live outline of your image follows the slider as you move it.
        </li>
        <li>Preview shows the outline that will be drawn; it costs no credits.</li>
      </ul>
    ),
  },
  {
    id: 'managing-videos',
    title: 'Managing your videos',
    body: (
      <ul className={tip}>
        <li>
          Your Library lists every video with its status. A video being made shows its progress in
          percent; you can keep working meanwhile.
        </li>
        <li>Play a finished video in the page, or download it as an MP4.</li>
        <li>
          If a video could not be made, it says so and your credits are refunded automatically.
        </li>
        <li>
          Videos stay in your Library until you delete them. Deleting asks for confirmation and
          cannot be undone.
        </li>
      </ul>
    ),
  },
  {
    id: 'animation-direction',
    title: 'Animation direction',
    body: (
      <>
        <ul className={tip}>
          <li>
            Choose where the hand starts: Left to right, Right to left, Top to bottom or Bottom to
            top.
          </li>
          <li>
            The direction in the settings applies to the whole picture; each Special Zone can have
            its own.
          </li>
          <li>
            Follow how the picture is read: left to right for text and timelines, top to bottom for
            people and tall objects.
          </li>
        </ul>
        <Figure
          src={DEMOS['portrait-fill'].poster}
          alt="The Portrait Sketch sample, finished drawing"
          caption="This portrait demo is drawn from right to left."
        />
      </>
    ),
  },
  {
    id: 'animation-order',
    title: 'Animation order',
    body: (
      <ul className={tip}>
        <li>
          Special Zones are drawn first, in the order of the list: Zone 1, then Zone 2, and so on.
          The rest of the picture follows.
        </li>
        <li>Reorder zones with their up and down arrows to change what appears first.</li>
        <li>
          Tell a story with the order: the subject first, then its surroundings, then the details.
        </li>
        <li>Without zones, the whole picture is drawn together in the chosen direction.</li>
      </ul>
    ),
  },
  {
    id: 'editing-strokes',
    title: 'Editing strokes',
    body: (
      <ul className={tip}>
        <li>
          Press Edit strokes over your image to see every stroke the video will draw. The timeline
          under it shows the drawing in parts, in the order they are drawn: each zone first, then
          the rest of the picture, each in slices along its direction, each slice drawn as a person
          would: outlines, then details, then shading.
        </li>
        <li>
          Click a stroke, or a part on the timeline, to select it; hold Shift to add more, or drag
          around strokes to select them all. Delete leaves them out of the video.
        </li>
        <li>
          Drag a part along the timeline to draw it earlier or later. With a part selected, give it
          more or less of the drawing time, or draw it in another direction.
        </li>
        <li>
          Choose Draw to add your own strokes with a mouse, finger or pen: they are drawn as one new
          part, after the selected one.
        </li>
        <li>
          Undo and redo any change (Ctrl+Z, Ctrl+Shift+Z). Play shows the drawing in the page as the
          video will draw it, at no cost; the video then holds the finished picture (and brushes in
          the colours in the colour model).
        </li>
        <li>
          Your work is saved as you go: reopen it from Recent Projects to make another version.
        </li>
      </ul>
    ),
  },
  {
    id: 'audio',
    title: 'Voice-over and music',
    body: (
      <ul className={tip}>
        <li>
          Under your image, the Voice-over and Music card adds sound to the video. Record asks for
          your microphone (only when you press it) and shows its level and the time while you speak;
          Stop ends the recording and Take again replaces it. Or upload a file: {ACCEPTED_AUDIO}.
        </li>
        <li>
          Upload music the same way. It loops until the video ends, or plays once and is cut at the
          video’s end; fade it in and out over up to {AUDIO_LIMITS.fadeSeconds.max} seconds.
        </li>
        <li>
          Trim a track with the handles at the ends of its waveform: drag them, or focus one and use
          the arrow keys (with Shift, a second at a time). Play plays the part you keep. The
          loudness slider sets a track {Math.abs(AUDIO_LIMITS.gainDb.min)} dB quieter to{' '}
          {AUDIO_LIMITS.gainDb.max} dB louder.
        </li>
        <li>
          Fit the drawing to the voice-over sets the drawing time so that the drawing ends when your
          voice does ({DRAWING_TIME.min} to {DRAWING_TIME.max} seconds). A longer voice keeps the
          finished picture on screen until it ends; the video’s length under the drawing time
          includes it.
        </li>
        <li>
          In Edit strokes, the voice’s waveform runs under the parts, so you see which part is drawn
          while which words are said; Play plays the drawing with its sound, at no cost.
        </li>
        <li>
          The video carries the sound in stereo, evened out to the loudness video sites use, with
          the music lowered while the voice speaks. {AUDIO_CREDIT_RULE} The files are kept with your
          project and count toward your storage.
        </li>
      </ul>
    ),
  },
  {
    id: 'stories',
    title: 'Stories: scenes, transitions and text',
    body: (
      <ul className={tip}>
        <li>
          Add scene, above your image, makes the video a story of up to {STORY_LIMITS.maxScenes}{' '}
          scenes drawn one after another: upload another picture, take a sample, or start a Blank
          board for a title or a closing line. Each scene is its own picture with its own Special
          Zones, stroke edits, drawing time, direction, fill level and hold.
        </li>
        <li>
          Click a scene in the strip to work on it with every tool. Drag a scene to reorder it, or
          focus it and press Alt with the left or right arrow; Duplicate scene copies it, and Delete
          scene removes it (Undo in the message puts it back).
        </li>
        <li>
          Between two scenes, choose the transition: {Object.values(TRANSITION_LABELS).join(', ')},
          lasting {STORY_LIMITS.transitionSeconds.min} to {STORY_LIMITS.transitionSeconds.max}{' '}
          seconds (a cut takes none). The camera move draws each scene beside and a little below the
          last on one large whiteboard, and travels across to the next. Hold keeps a finished scene
          on screen for {STORY_LIMITS.holdSeconds.min} to {STORY_LIMITS.holdSeconds.max} seconds;
          the last scene ends the video on its hold.
        </li>
        <li>
          The Text card adds up to {STORY_LIMITS.maxTextBlocks} text blocks to a scene, each up to{' '}
          {STORY_LIMITS.maxTextLength} characters on {STORY_LIMITS.maxTextLines} lines, written by
          the hand in {Object.values(HANDWRITING_STYLE_LABELS).join(' or ').toLowerCase()}{' '}
          handwriting before the picture, after it, or after a part you choose. Drag a block on the
          picture (or use the arrow keys) to place it.
        </li>
        <li>
          Play story plays every scene with its transitions in the page, at no cost. A story lasts
          at most {STORY_LIMITS.maxTotalSeconds / 60} minutes and becomes one video in your library.{' '}
          {STORY_CREDIT_RULE}
        </li>
      </ul>
    ),
  },
];
