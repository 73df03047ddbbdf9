import { describe, expect, it } from 'vitest';
import { redactLinkTokens } from './log-serializers.ts';

describe('redactLinkTokens', () => {
  it('hides the token of the client page and of its API, keeping the rest of the address', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(redactLinkTokens(`/v/${token}`)).toBe('/v/[token]');
    expect(redactLinkTokens(`/api/client-view/${token}/slides/3?x=1`)).toBe(
      '/api/client-view/[token]/slides/3?x=1',
    );
  });

  it('leaves other addresses alone', () => {
    expect(redactLinkTokens('/api/decks/123/slides/1')).toBe('/api/decks/123/slides/1');
    expect(redactLinkTokens('/dashboard')).toBe('/dashboard');
  });
});
