import { Navigate } from 'react-router';
import { Page } from '@/components/layout/page';
import { useAuth } from '@/features/auth/use-auth';
import { UploadBeforeSignIn } from '@/features/upload/upload-before-sign-in';
import { usePageMeta } from '@/hooks/use-page-meta';

export function TryNowPage() {
  const { isAuthenticated } = useAuth();
  usePageMeta(
    'Try for Free',
    'Drop an image or pick a sample, sign in for free, and watch Rasma draw it stroke by stroke.',
  );
  if (isAuthenticated) return <Navigate to="/" replace />;
  return (
    <Page
      title="Try for Free"
      intro="Drop an image, or pick one of our samples, to see it drawn by hand. Sign in (it's free) and your image will be waiting for you."
    >
      <UploadBeforeSignIn />
    </Page>
  );
}
