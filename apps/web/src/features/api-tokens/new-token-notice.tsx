import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** The token just made, shown this once, with a Copy button. */
export function NewTokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <section
      aria-label="Your new API token"
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <p className="text-sm font-medium text-slate-900">
        Copy your new token now: it will not be shown again.
      </p>
      <code className="block overflow-x-auto rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-slate-900">
        {token}
      </code>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={token} name="Copy token" />
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
