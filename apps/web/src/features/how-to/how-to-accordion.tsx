import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import type { HowToSection } from './sections';

const sectionOf = (hash: string, sections: readonly HowToSection[]) => {
  const id = decodeURIComponent(hash.slice(1));
  return sections.some((section) => section.id === id) ? id : undefined;
};

/**
 * The How To sections as an accordion (several may be open). The URL hash names a section: it
 * opens and scrolls into view on arrival and whenever the hash changes on the page.
 */
export function HowToAccordion({ sections }: { sections: readonly HowToSection[] }) {
  const { hash, key } = useLocation();
  const target = sectionOf(hash, sections);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(target ? [target] : []));
  // Each navigation to a hash (also to the same one again) opens its section, during render
  // (React's "adjust state when a prop changes").
  // A hash typed in the address bar brings no new key, hence the hash in the marker.
  const navigation = `${key}${hash}`;
  const [openedFor, setOpenedFor] = useState(navigation);
  if (openedFor !== navigation) {
    setOpenedFor(navigation);
    if (target) setOpen(new Set(open).add(target));
  }

  useEffect(() => {
    // Runs after the section has opened, so it is scrolled to at its full height.
    if (target) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target, navigation]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {sections.map(({ id, title, body }) => {
        const expanded = open.has(id);
        return (
          <section key={id} id={id} className="scroll-mt-20">
            <h2>
              <button
                type="button"
                id={`${id}-button`}
                aria-expanded={expanded}
                aria-controls={`${id}-panel`}
                onClick={() => toggle(id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-ink hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none focus-visible:ring-inset"
              >
                {title}
                <ChevronDown
                  className={cn('h-5 w-5 shrink-0 transition-transform', expanded && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </h2>
            <div
              id={`${id}-panel`}
              role="region"
              aria-labelledby={`${id}-button`}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-700"
            >
              {body}
            </div>
          </section>
        );
      })}
    </div>
  );
}
