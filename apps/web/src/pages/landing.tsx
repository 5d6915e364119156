import { DRAWING_TIME, MODEL_CREDIT_COST, SIGNUP_GRANT_CREDITS } from '@rasma/contract/constants';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DemoVideo } from '@/features/landing/demo-video';
import { DEMOS, type Demo } from '@/features/landing/demos';
import { HeroDemos } from '@/features/landing/hero-demos';
import { usePageMeta } from '@/hooks/use-page-meta';

interface Showcase {
  title: string;
  text: string;
  points: string[];
  demo: Demo;
}

const SHOWCASES: Showcase[] = [
  {
    title: 'Need it in color?',
    text: 'Choose the colour model and, once the pen has drawn every line, your picture’s own colours are brushed in underneath.',
    points: [
      `Black and white: ${MODEL_CREDIT_COST['rasma-ai']} credits`,
      `Colour: ${MODEL_CREDIT_COST['rasma-ai-color']} credits`,
      'Same drawing, same controls',
    ],
    demo: DEMOS['classic-car-color'],
  },
  {
    title: 'Precise Control',
    text: 'Paint Special Zones over the parts that matter. Zones are drawn first, in list order, each with its own direction and fill.',
    points: [
      'Here the warrior is drawn top to bottom',
      'then the castle right to left',
      'then the rest of the scene',
    ],
    demo: DEMOS['warrior-zones'],
  },
  {
    title: 'Edit any stroke',
    text: `See your picture as the strokes the video will draw. Leave out any of them, move parts earlier or later, give each part its time and direction, add strokes of your own by hand, and play it all in the page before you spend a credit, in a drawing time from ${DRAWING_TIME.min} to ${DRAWING_TIME.max} seconds.`,
    points: [
      'Delete, reorder and retime parts of the drawing',
      'Draw your own strokes with a mouse, finger or pen',
      'Play it for free, undo anything',
    ],
    demo: DEMOS['stroke-editor'],
  },
  {
    title: 'Give it a voice',
    text: 'Record a voice-over in the page or upload one, add a music bed, and the video carries both: the music made quieter while you speak, the whole mix at the loudness video sites play at. One click fits the drawing to your voice.',
    points: [
      'Record, upload, trim and set each track’s loudness',
      'Hear it with the drawing before you generate',
      'Sound is free: no extra credits',
    ],
    demo: DEMOS['brain-diagram-music'],
  },
];

export function LandingPage() {
  usePageMeta(
    'Hand-drawn sketch animation videos from your images',
    'Rasma turns your image into a video of a hand drawing it stroke by stroke, in black and white or in colour. Try it for free.',
  );
  return (
    <div>
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:py-24">
        <div>
          <h1 className="font-display text-4xl leading-tight font-bold text-ink sm:text-5xl">
            Transform Your Digital Experience
          </h1>
          <p className="mt-6 text-lg text-slate-600">
            Upload an image and get an MP4 of it being drawn stroke by stroke by a hand with a pen,
            in black and white or in colour. Ready for your explainer, lesson or post in a minute.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="accent" size="lg">
              <Link to="/try-now">Try Now for Free</Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to="/how-to">See how it works</Link>
            </Button>
          </div>
        </div>
        <HeroDemos />
      </section>

      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-12 sm:py-16">
        {SHOWCASES.map((showcase, i) => (
          <section
            key={showcase.title}
            aria-labelledby={`showcase-${i}`}
            className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12"
          >
            <div className={i % 2 === 1 ? 'lg:order-2' : undefined}>
              <h2 id={`showcase-${i}`} className="font-display text-3xl font-bold text-ink">
                {showcase.title}
              </h2>
              <p className="mt-4 text-lg text-slate-600">{showcase.text}</p>
              <ul className="mt-5 grid gap-2 text-slate-700">
                {showcase.points.map((point) => (
                  <li key={point} className="flex items-center gap-2">
                    <span className="h-2 w-2 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <DemoVideo demo={showcase.demo} />
          </section>
        ))}
      </div>

      <section className="bg-ink px-4 py-16 text-center text-white">
        <h2 className="font-display text-3xl font-bold">Ready to Get Started?</h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-100">
          Drop an image, sign in for free and watch it being drawn. New accounts start with{' '}
          {SIGNUP_GRANT_CREDITS} free credits.
        </p>
        <Button asChild variant="accent" size="lg" className="mt-8">
          <Link to="/try-now">Try Now for Free</Link>
        </Button>
      </section>
    </div>
  );
}
