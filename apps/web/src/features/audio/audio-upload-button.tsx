import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { AUDIO_ACCEPT } from '@/lib/contract';

/** A button that opens the file picker for audio; the chosen file is handed over. */
export function AudioUploadButton({
  label,
  text,
  disabled,
  onFile,
}: {
  /** What the picker is for, for assistive technology ("Choose a voice-over file"). */
  label: string;
  text: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={AUDIO_ACCEPT}
        aria-label={label}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Upload className="h-4 w-4" aria-hidden="true" />
        {text}
      </Button>
    </>
  );
}
