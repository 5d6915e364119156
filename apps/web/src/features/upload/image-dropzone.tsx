import { ACCEPTED_IMAGES } from '@rasma/contract/image-formats';
import { ImageUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { imageRefusal } from './image-check';

/**
 * Spec 5: only image files are accepted, by drag or by the file chooser. A file that is not an image
 * we take is refused here, with the reason beside the drop area, before anything is sent.
 */
export function ImageDropzone({
  onImage,
  children,
}: {
  onImage: (file: File) => void;
  children?: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refusal, setRefusal] = useState('');
  const refusalId = useId();

  const accept = async (file: File | undefined) => {
    if (!file) return;
    const reason = await imageRefusal(file);
    setRefusal(reason ?? '');
    if (!reason) onImage(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed bg-white px-4 py-10 text-center transition-colors sm:px-10',
        dragging ? 'border-ink-soft bg-indigo-50' : 'border-slate-300',
      )}
    >
      <ImageUp className="h-12 w-12 text-ink-soft" aria-hidden="true" />
      <div>
        <p className="text-lg font-semibold text-ink">Drop your image here</p>
        <p className="text-sm text-slate-600">
          {ACCEPTED_IMAGES}. Clear line art with high contrast works best.
        </p>
      </div>
      <p id={refusalId} role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {refusal}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => inputRef.current?.click()}>Use My Own File</Button>
        {children}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Choose an image file"
        aria-describedby={refusal ? refusalId : undefined}
        onChange={(e) => {
          void accept(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
