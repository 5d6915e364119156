import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * A secret the server shows this once (a new token, a signing secret): `children` says so and
 * what it is for; a Copy button (`copyName`), and Done to put it away.
 */
export function ShownOnce({
  label,
  value,
  copyName,
  onDone,
  children,
}: {
  label: string;
  value: string;
  copyName: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <p className="text-sm font-medium text-slate-900">{children}</p>
      <code className="block overflow-x-auto rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900">
        {value}
      </code>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={value} name={copyName} />
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
