import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const SHOWCASES = [
  {
    title: 'Need it in color?',
    text: 'Pick the colour model and Rasma brushes your picture’s own colours in under the drawn lines.',
  },
  {
    title: 'Precise Control',
    text: 'Paint Special Zones to choose what is drawn first and in which direction, each with its own fill.',
  },
  {
    title: 'Edit any stroke',
    text: 'Preview the outline, tune the fill level and drawing time, and render again until it is right.',
  },
];

export function LandingPage() {
  return (
    <div>
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:py-24">
        <div>
          <h1 className="font-display text-5xl font-bold leading-tight text-ink">
            Transform Your Digital Experience
          </h1>
          <p className="mt-6 text-lg text-slate-600">
            Upload an image and get a video of it being drawn stroke by stroke by a hand with a pen,
            in black and white or in colour.
          </p>
          <Button asChild variant="accent" size="lg" className="mt-8">
            <Link to="/try-now">Try Now for Free</Link>
          </Button>
        </div>
        <div
          className="aspect-video rounded-2xl border border-slate-200 bg-white shadow-lg"
          aria-label="Demo video"
        />
      </section>
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:grid-cols-3">
        {SHOWCASES.map((s) => (
          <article
            key={s.title}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 className="text-xl font-semibold text-ink">{s.title}</h2>
            <p className="mt-3 text-slate-600">{s.text}</p>
          </article>
        ))}
      </section>
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 className="font-display text-3xl font-bold text-ink">Ready to Get Started?</h2>
        <Button asChild variant="accent" size="lg" className="mt-6">
          <Link to="/try-now">Try Now for Free</Link>
        </Button>
      </section>
    </div>
  );
}
