import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Copies `text` to the clipboard, and says whether it did. `name` tells it apart from others. */
export function CopyButton({ text, name }: { text: string; name: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="outline" aria-label={name} onClick={() => void copy()}>
        Copy
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {copied === null ? '' : copied ? 'Copied.' : 'Copying failed: select it and copy by hand.'}
      </span>
    </span>
  );
}
