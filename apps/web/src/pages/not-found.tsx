import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/hooks/use-page-meta';

export function NotFoundPage() {
  usePageMeta('404 Page Not Found', 'There is no page at this address.');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-bold text-ink">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
