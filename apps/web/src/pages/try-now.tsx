import { Navigate } from 'react-router';
import { Page } from '@/components/layout/page';
import { useAuth } from '@/features/auth/use-auth';
import { UploadBeforeSignIn } from '@/features/upload/upload-before-sign-in';

export function TryNowPage() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/" replace />;
  return (
    <Page
      title="Try for Free"
      intro="Drop an image to see it drawn by hand. Sign in (it's free) and your image will be waiting for you."
    >
      <UploadBeforeSignIn />
    </Page>
  );
}
