import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google and Apple. Its login
 * step signs in `nextAccount` at once, as a user clicking through the provider's pages would.
 */
export async function startOidcProvider(appUrl: string) {
  const accounts = new Map<string, TestAccount>();
  let nextAccount: TestAccount | undefined;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'google-client',
        client_secret: 'google-secret',
        redirect_uris: [`${appUrl}/api/auth/callback/google`],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: 'apple-client',
        client_secret: 'apple-secret',
        redirect_uris: [`${appUrl}/api/auth/callback/apple`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
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
      return account && { accountId: id, claims: () => ({ ...account, email_verified: true }) };
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
      accounts.set(account.sub, account);
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
    signInAs(account: TestAccount) {
      nextAccount = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
