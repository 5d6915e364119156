import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { HowToAccordion } from '@/features/how-to/how-to-accordion';
import { HOW_TO_SECTIONS } from '@/features/how-to/sections';
import { usePageMeta } from '@/hooks/use-page-meta';

export function HowToPage() {
  usePageMeta(
    'How To',
    'How to make a hand-drawn sketch video with Rasma: uploading images, Special Zones, settings, direction, drawing order and your library.',
  );
  return (
    <Page
      title="How To"
      intro="Everything you need to turn an image into a sketch video, step by step."
    >
      <nav aria-label="Topics" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {HOW_TO_SECTIONS.filter((section) => !section.unlisted).map(({ id, title }) => (
            <li key={id}>
              <Link
                to={`#${id}`}
                className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-ink-soft hover:text-ink-soft"
              >
                {title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <HowToAccordion sections={HOW_TO_SECTIONS} />
      <div className="mt-10 text-center">
        <Button asChild variant="accent" size="lg">
          <Link to="/try-now">Start Creating Videos</Link>
        </Button>
      </div>
    </Page>
  );
}
