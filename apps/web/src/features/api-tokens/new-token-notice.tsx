import { ShownOnce } from '@/components/ui/shown-once';

/** The token just made, shown this once, with a Copy button. */
export function NewTokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <ShownOnce label="Your new API token" value={token} copyName="Copy token" onDone={onDone}>
      Copy your new token now: it will not be shown again.
    </ShownOnce>
  );
}
