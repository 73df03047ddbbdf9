import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_MARKET_CODE,
  findMarket,
  LIBRARY_LANGUAGE,
  type ClientDefaults,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { readMarkets } from './market-store.ts';

/**
 * The market and language a new deck for `client` starts with: the caller's newest deck for
 * that client (the name compared without case), else the caller's profile (a market alone
 * brings its language), else the portal's default market in the library's language.
 */
export async function clientDefaults(
  services: Pick<Services, 'db'>,
  { user, client }: { user: Pick<User, 'id' | 'market' | 'language'>; client: string },
): Promise<ClientDefaults> {
  const [newest] = await services.db
    .select({
      market: sql<string | null>`${decks.draft}->'basicInfo'->>'market'`,
      language: sql<string | null>`${decks.draft}->'basicInfo'->>'language'`,
    })
    .from(decks)
    .where(and(eq(decks.ownerId, user.id), sql`lower(${decks.clientName}) = lower(${client})`))
    .orderBy(desc(decks.updatedAt), desc(decks.createdAt))
    .limit(1);
  if (newest) {
    return {
      market: newest.market ?? DEFAULT_MARKET_CODE,
      language: newest.language ?? LIBRARY_LANGUAGE,
      from: 'deck',
    };
  }
  if (user.market || user.language) {
    const market = user.market ?? DEFAULT_MARKET_CODE;
    const language =
      user.language ??
      findMarket(await readMarkets(services.db), market)?.language ??
      LIBRARY_LANGUAGE;
    return { market, language, from: 'profile' };
  }
  return { market: DEFAULT_MARKET_CODE, language: LIBRARY_LANGUAGE, from: 'portal' };
}
