import type { OAuthProvider } from '@rasma/contract';
import * as oidc from 'openid-client';
import type { OAuthProviderConfig } from '../../config.js';

export interface OAuthStart {
  url: URL;
  /** Kept in a signed, httpOnly cookie until the provider sends the visitor back. */
  pending: PendingLogin;
}

export interface PendingLogin {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OAuthIdentity {
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
}

export class OAuthError extends Error {}

const SCOPES: Record<OAuthProvider, string> = {
  google: 'openid email profile',
  apple: 'openid email name',
};

/**
 * OpenID Connect sign-in (authorization code + PKCE + state + nonce) for one provider. Discovery
 * runs on first use and is retried after a failure. Apple answers with a form_post.
 */
export class OAuthClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly provider: OAuthProvider,
    private readonly settings: OAuthProviderConfig,
    readonly redirectUri: string,
  ) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        { client_secret: this.settings.clientSecret },
        oidc.ClientSecretPost(this.settings.clientSecret),
        // Plain http is only allowed for a provider on this machine (the tests' OpenID provider).
        isLoopbackHttp(this.settings.issuer)
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async start(): Promise<OAuthStart> {
    const config = await this.config();
    const pending: PendingLogin = {
      provider: this.provider,
      state: oidc.randomState(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPES[this.provider],
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      ...(this.provider === 'apple' ? { response_mode: 'form_post' } : {}),
    });
    return { url, pending };
  }

  /** Exchanges the code from the callback's parameters and returns the verified identity. */
  async finish(pending: PendingLogin, params: Record<string, string>): Promise<OAuthIdentity> {
    const config = await this.config();
    const callbackUrl = new URL(this.redirectUri);
    for (const [key, value] of Object.entries(params)) {
      if (key !== 'user') callbackUrl.searchParams.set(key, value);
    }
    let tokens;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new OAuthError(`code exchange failed: ${(err as Error).message}`, { cause: err });
    }
    const claims = tokens.claims();
    if (!claims) throw new OAuthError('no ID token');
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified) throw new OAuthError('the provider did not share a verified e-mail');
    const appleName = this.provider === 'apple' ? parseAppleUser(params.user) : undefined;
    return {
      subject: claims.sub,
      email,
      firstName: appleName?.firstName ?? stringClaim(claims.given_name),
      lastName: appleName?.lastName ?? stringClaim(claims.family_name),
      pictureUrl: stringClaim(claims.picture),
    };
  }
}

const stringClaim = (value: unknown) => (typeof value === 'string' && value ? value : null);

function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** Apple sends the name once, on the first sign-in, as JSON in the `user` form field. */
function parseAppleUser(
  raw: string | undefined,
): { firstName: string | null; lastName: string | null } | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    return {
      firstName: stringClaim(parsed.name?.firstName),
      lastName: stringClaim(parsed.name?.lastName),
    };
  } catch {
    return undefined;
  }
}
