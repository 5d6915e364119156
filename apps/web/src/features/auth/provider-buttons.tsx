import { OAUTH_PROVIDERS, type OAuthProvider } from '@rasma/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { authProvidersQuery, signInUrl } from './api';

const LABELS: Record<OAuthProvider, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

const signInWith = (provider: OAuthProvider) => window.location.assign(signInUrl(provider));

/** Full-page navigations to the login endpoint; a provider this server has no keys for is disabled. */
export function ProviderButtons() {
  const { data } = useQuery(authProvidersQuery);
  return (
    <div className="grid gap-2">
      {OAUTH_PROVIDERS.map((provider) => {
        const enabled = data?.[provider] ?? false;
        return (
          <div key={provider} className="grid gap-1">
            <Button variant="outline" disabled={!enabled} onClick={() => signInWith(provider)}>
              {LABELS[provider]}
            </Button>
            {data && !enabled && (
              <p className="text-center text-xs text-slate-500">
                Not available here yet: please use your email.
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
