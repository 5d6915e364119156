import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { checkedSubmit } from '@/lib/checked-submit';
import { serverMessage } from '@/lib/http';
import {
  API_TOKEN_LIMITS,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  createApiTokenRequestSchema,
  type TokenScope,
} from '@/lib/contract';
import { useCreateApiToken, useRefreshApiTokens } from './api';

/** Names a token and picks its scopes; `onCreated` gets the token, which is shown only then. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshApiTokens();
  const create = useCreateApiToken({
    onSuccess: ({ token }) => {
      setName('');
      setScopes([]);
      onCreated(token);
      void refresh();
    },
    onError: (err) =>
      setError(serverMessage(err, 'The token could not be created. Please try again.')),
  });

  const onSubmit = checkedSubmit(
    createApiTokenRequestSchema,
    () => ({ name, scopes }),
    setError,
    (body) => create.mutate({ body }),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="New API token">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Token name</Label>
        <Input
          id={`${id}-name`}
          placeholder="My upload script"
          maxLength={API_TOKEN_LIMITS.nameMaxLength}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <CheckboxGroup
        legend="What it may do"
        options={TOKEN_SCOPES}
        checked={scopes}
        onChange={setScopes}
        label={(scope) => TOKEN_SCOPE_LABELS[scope]}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending && <Spinner />}
        Create token
      </Button>
    </form>
  );
}
