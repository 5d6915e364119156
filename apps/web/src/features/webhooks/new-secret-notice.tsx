import { ShownOnce } from '@/components/ui/shown-once';
import { WEBHOOK_SIGNATURE_HEADER } from '@/lib/contract';

/** The signing secret of the endpoint just added, shown this once, with a Copy button. */
export function NewSecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <ShownOnce
      label="Your webhook signing secret"
      value={secret}
      copyName="Copy signing secret"
      onDone={onDone}
    >
      Copy the signing secret now and keep it on your server: it will not be shown again. Your
      receiver checks each delivery's {WEBHOOK_SIGNATURE_HEADER} header with it.
    </ShownOnce>
  );
}
