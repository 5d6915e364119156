import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ADMIN_LIMITS } from '@/lib/contract';
import { serverMessage } from '@/lib/http';
import { RefundControls } from './refund-controls';
import { UserDetails } from './user-details';
import { useUserLookup } from './api';

/** Spec 2.13: search by button or Enter; the text is trimmed and an empty one does nothing. */
export function UserLookup() {
  const [email, setEmail] = useState('');
  const lookup = useUserLookup((error) =>
    toast({
      title: 'Search Failed',
      description: serverMessage(error, 'User not found'),
      variant: 'destructive',
    }),
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed) lookup.mutate(trimmed);
  };
  const found = lookup.data;
  return (
    <Card title="User Lookup">
      <form className="flex gap-2" onSubmit={search} noValidate>
        <Input
          type="email"
          aria-label="User email"
          placeholder="user@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={lookup.isPending}>
          <Search aria-hidden className="h-4 w-4" /> Search
        </Button>
      </form>
      {found && (
        <div className="mt-6">
          <UserDetails
            data={found}
            videos={ADMIN_LIMITS.lookupRecentVideos}
            payments={ADMIN_LIMITS.paymentHistory}
            actions={
              <RefundControls
                userId={found.user.id}
                onRefunded={() => lookup.mutate(found.user.email)}
              />
            }
          />
        </div>
      )}
    </Card>
  );
}
