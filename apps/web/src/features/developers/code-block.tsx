import { useId } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

/** A command or program to copy as it is. */
export function CodeBlock({ code, title }: { code: string; title: string }) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="mt-3">
      <figcaption className="flex items-center justify-between gap-3 text-sm font-medium text-slate-700">
        <span id={id}>{title}</span>
        <CopyButton text={code} name={`Copy: ${title}`} />
      </figcaption>
      <pre
        tabIndex={0}
        className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
