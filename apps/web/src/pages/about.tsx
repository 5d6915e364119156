import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/hooks/use-page-meta';

type Cell = boolean | string;

/** Rasma against the ways people make a drawing video without it. */
const COMPARISON: { need: string; rasma: Cell; byHand: Cell; editor: Cell }[] = [
  {
    need: 'Time for a 15-second drawing video',
    rasma: 'About a minute',
    byHand: 'Hours of drawing and filming',
    editor: 'An hour or more of placing and timing',
  },
  {
    need: 'Drawing skill needed',
    rasma: false,
    byHand: true,
    editor: false,
  },
  {
    need: 'Works from any picture you have',
    rasma: true,
    byHand: 'If you can redraw it',
    editor: 'Only from its own asset library',
  },
  {
    need: 'Each item placed and timed by hand',
    rasma: false,
    byHand: true,
    editor: true,
  },
  {
    need: 'Choose what is drawn first, and in which direction',
    rasma: 'Paint Special Zones',
    byHand: true,
    editor: 'Item by item on a timeline',
  },
  {
    need: 'Colour',
    rasma: 'One click',
    byHand: 'Paint it yourself',
    editor: 'Per asset',
  },
];

function CellValue({ value }: { value: Cell }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <Check className="inline h-5 w-5 text-emerald-600" aria-hidden="true" />
      <span className="sr-only">Yes</span>
    </>
  ) : (
    <>
      <X className="inline h-5 w-5 text-slate-500" aria-hidden="true" />
      <span className="sr-only">No</span>
    </>
  );
}

export function AboutPage() {
  usePageMeta(
    'About Us',
    'What Rasma is, how it compares with drawing by hand and whiteboard-animation editors, and where it is going.',
  );
  return (
    <Page
      title="About Us"
      intro="Rasma turns a picture into a video of a hand drawing it, stroke by stroke."
    >
      <div className="grid grid-cols-1 gap-12">
        <section aria-labelledby="about-product">
          <h2 id="about-product" className="font-display text-2xl font-bold text-ink">
            What Rasma does
          </h2>
          <div className="mt-4 grid gap-4 text-slate-700">
            <p>
              You upload an image: a diagram, a character, a product shot, a page of notes. Rasma
              finds its lines, turns them into pen strokes and orders them the way a person would
              draw them, then renders an MP4 in which a hand with a pen draws your picture. With the
              colour model the picture’s own colours are brushed in after the lines.
            </p>
            <p>
              You stay in control: paint Special Zones over the parts to draw first, give each its
              own direction and fill, set the drawing time and the fill level, and preview the
              outline before you generate. Your videos wait in your library until you delete them.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-comparison" className="min-w-0">
          <h2 id="about-comparison" className="font-display text-2xl font-bold text-ink">
            Rasma and the tools without AI
          </h2>
          <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-xs sm:text-sm">
              <caption className="sr-only">
                Rasma compared with drawing by hand and whiteboard-animation editors
              </caption>
              <thead className="bg-slate-50 text-ink">
                <tr>
                  <th scope="col" className="p-2 font-semibold sm:p-3">
                    What you need
                  </th>
                  <th scope="col" className="p-2 font-semibold sm:p-3">
                    Rasma
                  </th>
                  <th scope="col" className="p-2 font-semibold sm:p-3">
                    Drawing and filming by hand
                  </th>
                  <th scope="col" className="p-2 font-semibold sm:p-3">
                    Whiteboard-animation editors
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-700">
                {COMPARISON.map((row) => (
                  <tr key={row.need}>
                    <th scope="row" className="p-2 font-medium text-ink sm:p-3">
                      {row.need}
                    </th>
                    <td className="p-2 sm:p-3">
                      <CellValue value={row.rasma} />
                    </td>
                    <td className="p-2 sm:p-3">
                      <CellValue value={row.byHand} />
                    </td>
                    <td className="p-2 sm:p-3">
                      <CellValue value={row.editor} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="about-vision">
          <h2 id="about-vision" className="font-display text-2xl font-bold text-ink">
            Our vision
          </h2>
          <div className="mt-4 grid gap-4 text-slate-700">
            <p>
              A drawing that appears line by line holds attention like little else: teachers,
              explainers and small businesses know it, but making one has meant either the skill to
              draw or hours in an editor. We want anyone with a picture and an idea to have that
              video in a minute, and to keep the control that makes it theirs.
            </p>
            <p>
              We build Rasma in small steps with the people who use it. Tell us what you would like
              to see next.
            </p>
          </div>
          <Button asChild className="mt-6">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </section>
      </div>
    </Page>
  );
}
