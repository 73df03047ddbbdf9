import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';

/** The claims a Google account shows the relying party. */
export type IssuerAccount = {
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
};

export type IssuerClient = { clientId: string; clientSecret: string };

export type OidcIssuer = {
  /** `http://127.0.0.1:PORT`, for OIDC_ISSUER. */
  issuer: string;
  /** The client the portal is configured as. */
  client: IssuerClient;
  /** Another relying party registered with the same redirect URI. */
  otherClient: IssuerClient;
  /** Accounts by subject; the dev login form's "login" field is the subject. */
  accounts: Map<string, IssuerAccount>;
  /**
   * While set, whoever calls the token endpoint is authenticated as this client instead, so the
   * tokens (and the ID token's audience) are issued to it.
   */
  authenticateTokenRequestsAs(client: IssuerClient | null): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, with its built-in
 * development login and consent forms, PKCE required, and the e-mail and profile claims in the
 * ID token as Google puts them there.
 */
export async function startOidcIssuer({
  redirectUri,
}: {
  redirectUri: string;
}): Promise<OidcIssuer> {
  // Listening first tells the issuer URL the provider needs; it handles requests once built.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = { clientId: 'deck-portal', clientSecret: 'deck-portal-secret-0123456789abcdef' };
  const otherClient = { clientId: 'other-app', clientSecret: 'other-app-secret-0123456789abcdef' };
  const accounts = new Map<string, IssuerAccount>();
  let tokenClient: IssuerClient | null = null;

  // The portal asks for prompt=select_account, as Google expects; accept it without a screen.
  const policy = interactionPolicy.base();
  const selectAccount = new interactionPolicy.Prompt({ name: 'select_account', requestable: true });
  selectAccount.checks.remove('select_account_prompt');
  policy.push(selectAccount);

  const provider = new Provider(issuer, {
    clients: [client, otherClient].map(({ clientId, clientSecret }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      // openid-client's default when given a client secret.
      token_endpoint_auth_method: 'client_secret_post',
    })),
    findAccount(_ctx, subject) {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return { accountId: subject, claims: () => ({ sub: subject, ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Put the scope's claims in the ID token, as Google does, not only behind /userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    interactions: { policy },
    cookies: { keys: ['oidc-issuer-test-cookie-key'] },
    // Set explicitly only to keep the provider from printing a notice for each default.
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });

  provider.use(async (ctx, next) => {
    if (tokenClient && ctx.method === 'POST' && ctx.path === '/token') {
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      form.set('client_id', tokenClient.clientId);
      form.set('client_secret', tokenClient.clientSecret);
      delete ctx.req.headers.authorization;
      // oidc-provider reads an already-consumed body from req.body.
      ctx.req.body = form.toString();
    }
    await next();
  });

  server.on('request', provider.callback());

  return {
    issuer,
    client,
    otherClient,
    accounts,
    authenticateTokenRequestsAs(as) {
      tokenClient = as;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
