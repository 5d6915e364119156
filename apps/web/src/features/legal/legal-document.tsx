import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';

export const LAST_UPDATED = 'January 26, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Terms and Privacy: titled, dated, numbered sections with a table of contents. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <Page title={title} intro={`Last updated ${LAST_UPDATED}`}>
      <div className="grid gap-8 text-slate-700">
        <div className="grid gap-3">{intro}</div>
        <nav aria-label="Contents" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-ink">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-ink-soft hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, i) => (
          <section key={section.id} id={section.id} className="scroll-mt-20">
            <h2 className="font-display text-2xl font-bold text-ink">
              {i + 1}. {section.title}
            </h2>
            <div className="mt-3 grid gap-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </Page>
  );
}
