import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** Asks before something is deleted for good: Cancel, or Delete (busy while `pending`). */
export function ConfirmDeleteDialog({
  open,
  title,
  confirmLabel = 'Delete',
  children,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The confirming button's word, where the thing is not deleted but revoked, say. */
  confirmLabel?: string;
  /** What is deleted, and what deleting it means. */
  children: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{children}</DialogDescription>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending && <Spinner />}
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
