import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  /** Default true. Apple sends it as a string, `'true'` or `'false'`. */
  email_verified?: boolean | 'true' | 'false';
  given_name?: string;
  family_name?: string;
}

export interface OidcProviderOptions {
  /** The app's public URLs, whose callbacks the clients may return to. */
  appUrls: string[];
  /** Default: any free port. */
  port?: number;
}

/**
 * A real OpenID provider (oidc-provider) at http://localhost, standing in for Google and Apple:
 * another site than an app at 127.0.0.1 (ports do not make sites). Its login step signs in
 * `nextAccount` at once, as a user clicking through the provider's pages would.
 */
export async function startOidcProvider({ appUrls, port = 0 }: OidcProviderOptions) {
  const accounts = new Map<string, TestAccount>();
  let nextAccount: TestAccount | undefined;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const client = (name: 'google' | 'apple') => ({
    client_id: `${name}-client`,
    client_secret: `${name}-secret`,
    redirect_uris: appUrls.map((appUrl) => `${appUrl}/api/auth/callback/${name}`),
    token_endpoint_auth_method: 'client_secret_post' as const,
  });
  const provider = new Provider(issuer, {
    clients: [client('google'), client('apple')],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      name: ['given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ email_verified: true, ...account }) };
    },
  });

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      void provider.callback()(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const account = nextAccount;
      if (!account) throw new Error('set nextAccount before a sign-in');
      const clientId = String(details.params.client_id);
      const grant = new provider.Grant({ accountId: account.sub, clientId });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  return {
    issuer,
    /** Who signs in next (and what the provider now says about that account). */
    signInAs(account: TestAccount) {
      nextAccount = account;
      accounts.set(account.sub, account);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
