import * as ToastPrimitive from '@radix-ui/react-toast';
import { Link } from 'react-router';

/** A toast's action that leads to a page of the app. */
export function ToastLinkAction({ to, label }: { to: string; label: string }) {
  return (
    <ToastPrimitive.Action altText={label} asChild>
      <Link
        to={to}
        className="inline-flex h-8 shrink-0 items-center self-center rounded-md border border-white/60 px-3 text-sm font-medium hover:bg-white/10"
      >
        {label}
      </Link>
    </ToastPrimitive.Action>
  );
}
