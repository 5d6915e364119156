import { useState } from 'react';
import { Navigate } from 'react-router';
import { Page } from '@/components/layout/page';
import { useAuth } from '@/features/auth/use-auth';
import { ImageDropzone } from '@/features/upload/image-dropzone';
import { storeImageForLater } from '@/features/upload/stored-image';
import { toast } from '@/hooks/use-toast';

/** Spec 2.6: the image waits in localStorage while the visitor signs in through /api/login. */
export function TryNowPage() {
  const { isAuthenticated } = useAuth();
  const [saving, setSaving] = useState(false);

  if (isAuthenticated) return <Navigate to="/" replace />;

  const onImage = async (file: File) => {
    setSaving(true);
    try {
      await storeImageForLater(file);
      window.location.assign('/api/login');
    } catch {
      setSaving(false);
      toast({
        title: 'Error',
        description: 'Could not keep this image. Please try a smaller one.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Page
      title="Try for Free"
      intro="Drop an image to see it drawn by hand. Sign in (it's free) and your image will be waiting for you."
    >
      {saving ? (
        <p role="status" className="text-center text-slate-600">
          Taking you to sign in...
        </p>
      ) : (
        <ImageDropzone onImage={(file) => void onImage(file)} />
      )}
    </Page>
  );
}
