import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/http';
import { CreateTokenForm } from './create-token-form';
import { NewTokenNotice } from './new-token-notice';
import { useApiTokens } from './api';
import { TokenList } from './token-list';

/** The account page's personal API tokens: the list, a new one (shown once), revoking. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <Card
      title="API tokens"
      description={
        <>
          Let your own code make videos with your account and credits: send a token in an{' '}
          <code>Authorization: Bearer</code> header. See the{' '}
          <Link to="/developers" className="underline">
            developer docs
          </Link>
          .
        </>
      }
    >
      <div className="grid gap-6">
        {created && <NewTokenNotice token={created} onDone={() => setCreated(null)} />}
        {tokens.isPending ? (
          <Spinner />
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {serverMessage(tokens.error, 'Your tokens could not be loaded.')}
          </p>
        ) : (
          <TokenList tokens={tokens.data.tokens} />
        )}
        <CreateTokenForm onCreated={setCreated} />
      </div>
    </Card>
  );
}
