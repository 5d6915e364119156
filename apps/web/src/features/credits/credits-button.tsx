import { Coins } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCredits } from './api';

/** The balance, as a whole number, linking to the credits page. */
export function CreditsButton({ onNavigate }: { onNavigate?: () => void }) {
  const { data, isLoading } = useCredits();
  const balance = isLoading ? '...' : String(Math.floor(data?.credits ?? 0));
  return (
    <Button asChild variant="outline" size="sm">
      <NavLink to="/credits" onClick={onNavigate} aria-label={`Credits: ${balance}`}>
        <Coins className="h-4 w-4 text-accent" aria-hidden="true" />
        <span>{balance}</span>
      </NavLink>
    </Button>
  );
}
