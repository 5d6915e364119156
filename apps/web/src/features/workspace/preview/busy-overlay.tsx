import { Spinner } from '@/components/ui/spinner';

/** Covers the image while it is being worked on. */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/75 backdrop-blur-[2px]"
    >
      <Spinner className="h-8 w-8 text-ink-soft" />
      <p className="font-medium text-ink">{label}</p>
    </div>
  );
}
