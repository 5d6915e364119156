import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One figure on the dashboard; with `to` the whole card is a link. */
export function StatCard({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
    </>
  );
  const style = 'block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
  return to ? (
    <Link to={to} className={`${style} hover:border-ink-soft`}>
      {body}
    </Link>
  ) : (
    <div className={style}>{body}</div>
  );
}
