// oidc-provider ships no type declarations; this covers only what the test issuer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type KoaContext = {
    method: string;
    path: string;
    req: IncomingMessage & { body?: unknown };
    get(header: string): string;
  };

  export type Account = {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  };

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: string;
  };

  export class Prompt {
    constructor(options: { name: string; requestable?: boolean }, ...checks: unknown[]);
    name: string;
    checks: { remove(reason: string): void };
  }

  export type Policy = Prompt[];

  export const interactionPolicy: { base(): Policy; Prompt: typeof Prompt };

  export type Configuration = {
    clients?: ClientMetadata[];
    findAccount?(ctx: unknown, id: string): Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required?(ctx: unknown, client: unknown): boolean };
    features?: Record<string, { enabled: boolean }>;
    interactions?: { policy?: Policy };
    cookies?: { keys?: string[] };
    [key: string]: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
