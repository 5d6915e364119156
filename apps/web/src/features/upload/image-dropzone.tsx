import { ImageUp } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

/** Spec 5: only image files are accepted, by drag or by the file chooser. */
export function ImageDropzone({
  onImage,
  children,
}: {
  onImage: (file: File) => void;
  children?: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const accept = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: 'Not an image',
        description: 'Please choose an image file, such as a JPG or PNG.',
        variant: 'destructive',
      });
      return;
    }
    onImage(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
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
        'flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed bg-white p-10 text-center transition-colors',
        dragging ? 'border-ink-soft bg-indigo-50' : 'border-slate-300',
      )}
    >
      <ImageUp className="h-12 w-12 text-ink-soft" aria-hidden="true" />
      <div>
        <p className="text-lg font-semibold text-ink">Drop your image here</p>
        <p className="text-sm text-slate-600">
          JPG or PNG under 10MB works best: clear line art with high contrast.
        </p>
      </div>
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
        onChange={(e) => {
          accept(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
