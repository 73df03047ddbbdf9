import { describe, expect, it } from 'vitest';
import { readClientViewToken } from './client-view-token.ts';

describe('readClientViewToken', () => {
  it('reads the token of /v/{token}, with or without a trailing slash', () => {
    expect(readClientViewToken('/v/abc_DEF-123')).toBe('abc_DEF-123');
    expect(readClientViewToken('/v/abc/')).toBe('abc');
  });

  it('finds none in other addresses', () => {
    expect(readClientViewToken('/v/')).toBeNull();
    expect(readClientViewToken('/v/a/b')).toBeNull();
    expect(readClientViewToken('/client-view.html')).toBeNull();
    expect(readClientViewToken('/dashboard')).toBeNull();
  });
});
