import { useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { signInUrl } from '@/features/auth/api';
import { ImageDropzone } from './image-dropzone';
import { SamplePicker } from './sample-picker';
import { storeImageForLater } from './stored-image';

/** Spec 2.6: the image waits in localStorage while the visitor signs in through the login endpoint. */
export function UploadBeforeSignIn() {
  const [saving, setSaving] = useState(false);

  const onImage = async (file: File) => {
    setSaving(true);
    try {
      await storeImageForLater(file);
      window.location.assign(signInUrl());
    } catch {
      setSaving(false);
      toast({
        title: 'Error',
        description: 'Could not keep this image. Please try a smaller one.',
        variant: 'destructive',
      });
    }
  };

  return saving ? (
    <p role="status" className="text-center text-slate-600">
      Taking you to sign in...
    </p>
  ) : (
    <ImageDropzone onImage={(file) => void onImage(file)}>
      <SamplePicker onImage={(file) => void onImage(file)} />
    </ImageDropzone>
  );
}
