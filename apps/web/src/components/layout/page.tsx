import type { ReactNode } from 'react';

/** A content page with its title as the single h1. */
export function Page({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-display text-4xl font-bold text-ink">{title}</h1>
      {intro && <p className="mt-3 text-lg text-slate-600">{intro}</p>}
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
