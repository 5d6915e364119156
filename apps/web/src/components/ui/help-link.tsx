import { CircleHelp } from 'lucide-react';
import { Link } from 'react-router';

/** A link to a section of the How To page, shown as a small question mark. */
export function HelpLink({ section, topic }: { section: string; topic: string }) {
  return (
    <Link
      to={`/how-to#${section}`}
      aria-label={`Help: ${topic}`}
      title={`Help: ${topic}`}
      className="inline-flex h-7 w-7 items-center justify-center rounded-full text-slate-400 transition-colors hover:bg-slate-100 hover:text-ink-soft focus-visible:ring-2 focus-visible:ring-ink-soft focus-visible:outline-none"
    >
      <CircleHelp className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}
