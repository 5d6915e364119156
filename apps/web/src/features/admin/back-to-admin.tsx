import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function BackToAdmin() {
  return (
    <Button asChild variant="ghost">
      <Link to="/admin">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Admin
      </Link>
    </Button>
  );
}
