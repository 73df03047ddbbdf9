import {
  engagementDefaultDays,
  engagementMaxDays,
  type EngagementQuery,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Clock } from '../clock.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** What a report or an export covers: visits started in [start, end), one owner's decks or all. */
export type ReportScope = {
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Whose decks: null for every rep's (managers and admins only). */
  ownerId: string | null;
};

export const seesEveryRep = (user: User) => user.role === 'manager' || user.role === 'admin';

/**
 * The range and the decks a caller's report covers. Days are whole UTC days, both ends
 * included; without dates the last `engagementDefaultDays` days up to today. A rep sees their
 * own decks only, as in the deck lists: asking for another rep's is refused.
 */
export function reportScope(user: User, clock: Clock, query: EngagementQuery): ReportScope {
  const today = clock.now().toISOString().slice(0, 10);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? dayOf(Date.parse(to) - (engagementDefaultDays - 1) * dayMs);
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + dayMs);
  if (end.getTime() - start.getTime() > engagementMaxDays * dayMs) {
    throw new AppError('validation_failed', 'Choose a range of at most a year.', {
      fields: { from: `A report covers at most ${engagementMaxDays} days` },
    });
  }
  if (seesEveryRep(user)) return { from, to, start, end, ownerId: query.repId ?? null };
  if (query.repId !== undefined && query.repId !== user.id) {
    throw new AppError('forbidden', "You can only see your own decks' engagement.");
  }
  return { from, to, start, end, ownerId: user.id };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
