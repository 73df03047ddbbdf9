import { describe, expect, it, vi } from 'vitest';
import { createClientLinkRequestSchema } from './client-links.ts';
import { allDecksQuerySchema } from './deck-api.ts';
import { basicInfoSchema } from './deck/deck-draft.ts';
import { signUpRequestSchema } from './auth.ts';
import { findTextProblem, findTextProblemIn } from './text.ts';

describe('findTextProblem', () => {
  it.each([
    ['Café Größe 日本 — مرحبا שלום 😀👩‍👩‍👧', undefined],
    ['right-to-left mark \u200f and override \u202e are text', undefined],
    ['abc\u0000def', 'control_character'],
    ['bell\u0007', 'control_character'],
    ['delete\u007f', 'control_character'],
    ['C1 \u0085 next line', 'control_character'],
    ['x\ud800y', 'broken_character'],
    ['low half \udc00 alone', 'broken_character'],
    ['emoji cut \ud83d', 'broken_character'],
    ['two\nlines', 'line_break'],
    ['tab\there', 'line_break'],
  ])('%j → %s', (value, expected) => {
    expect(findTextProblem(value)).toBe(expected);
  });

  it('lets line breaks and tabs through where a field takes several lines', () => {
    expect(findTextProblem('Dear Ada,\r\n\tthe deck.', { isMultiline: true })).toBeUndefined();
    expect(findTextProblem('a\u0000\nb', { isMultiline: true })).toBe('control_character');
  });

  it('finds a bad string anywhere in a body, keys included, and names its path', () => {
    expect(findTextProblemIn({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: 'a.1.c',
      problem: 'control_character',
    });
    expect(findTextProblemIn({ ['k\ud800']: 1 })).toEqual({
      path: 'k\ud800',
      problem: 'broken_character',
    });
    expect(findTextProblemIn({ a: ['fine', 3, null, true] })).toBeUndefined();
  });

  it('leaves bytes alone: an uploaded file in a body is not text and is never walked', () => {
    // Walking a 10 MB upload's bytes one by one held the server up for 19 seconds.
    const list = ['fine'];
    const body = {
      buffer: Buffer.from([0, 1, 2]),
      bytes: new Uint8Array([0, 1, 2]),
      arrayBuffer: new ArrayBuffer(3),
      view: new DataView(new ArrayBuffer(3)),
      stream: new ReadableStream(),
      list,
    };
    const entries = vi.spyOn(Object, 'entries');
    try {
      expect(findTextProblemIn(body)).toBeUndefined();
      expect(entries.mock.calls.map(([walked]) => walked)).toEqual([body, list]);
    } finally {
      entries.mockRestore();
    }
  });

  it('walks a value nested 100,000 levels deep without overflowing', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findTextProblemIn(deep)?.problem).toBe('control_character');
  });
});

describe('the shared schemas refuse such text with a message naming the field', () => {
  const firstMessage = (result: {
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('deck title, client name and primary contact', () => {
    const result = basicInfoSchema.safeParse({
      deckTitle: 'abc\u0000def',
      clientName: 'x\ud800y',
      primaryContact: 'Ada\u0007',
      date: '2026-11-23',
    });
    expect(firstMessage(result)).toEqual([
      'deckTitle: Deck title contains an invisible control character. Remove it and try again.',
      'clientName: Client name contains a damaged character (half of an emoji or symbol). Retype it and try again.',
      'primaryContact: Primary contact contains an invisible control character. Remove it and try again.',
    ]);
  });

  it('names in sign-up and client links, the client-link message, the client filter', () => {
    expect(
      firstMessage(
        signUpRequestSchema.safeParse({
          email: 'a@b.co',
          password: 'long enough',
          name: 'A\u0000',
        }),
      ),
    ).toEqual([
      'name: Full name contains an invisible control character. Remove it and try again.',
    ]);
    expect(
      firstMessage(
        createClientLinkRequestSchema.safeParse({
          recipientName: 'R\ud800',
          recipientEmail: 'c@d.co',
          message: 'Hello\n\nsee the deck\u0000',
        }),
      ),
    ).toEqual([
      'recipientName: Recipient name contains a damaged character (half of an emoji or symbol). Retype it and try again.',
      'message: Message contains an invisible control character. Remove it and try again.',
    ]);
    expect(
      createClientLinkRequestSchema.safeParse({
        recipientName: 'Ada',
        recipientEmail: 'c@d.co',
        message: 'Hello,\n\tsee the deck 😀',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(allDecksQuerySchema.safeParse({ scope: 'all', client: 'a\u0000' })),
    ).toEqual(['client: Client contains an invisible control character. Remove it and try again.']);
  });
});
