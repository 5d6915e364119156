import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The outline the engine will draw, as the server previewed it. */
export function PreviewDialog({ image, onClose }: { image: string | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl">
        <div className="pr-8">
          <DialogTitle>Outline Preview</DialogTitle>
          <DialogDescription>
            The lines the hand will draw with these settings and zones.
          </DialogDescription>
        </div>
        {image && (
          <img
            src={image}
            alt="Outline preview"
            className="max-h-[70vh] w-full rounded-lg border border-slate-200 bg-white object-contain"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
