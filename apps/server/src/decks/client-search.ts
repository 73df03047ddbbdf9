import { and, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { decks } from '../db/schema.ts';

/**
 * The client search, `client_name ILIKE '%text%'`, served by the trigram index without reading
 * what common words match. The index answers a pattern by intersecting the lists of decks that
 * hold each of its trigrams: "Client 9876" asks for the trigrams of "client", held by every deck
 * of a history whose names share the word, and of "9876", held by a few hundred; reading the
 * long lists cost 60–80 ms at a million decks, whatever was found. The trigrams' frequencies
 * are known from the statistics PostgreSQL gathers on the names' trigrams (migration 0027,
 * refreshed by every analyse): the index is asked only for the search's words none of whose
 * trigrams is common, and of a long word for two or three of its trigrams (`indexedParts`), and
 * the whole text is checked on the decks it finds. A rare word of five characters or more is
 * asked instead of a second index, of every run of five characters of the names (migration
 * 0028): its first and last five characters (`asksGrams`), whose lists stay short. A search with no
 * such word (only common words, or words under three characters) is left to the planner as it
 * is: it walks the decks newest first when the words are found everywhere, and asks the index
 * when they are seldom found together.
 */

/** A trigram in more client names than this is common: its list is too long to read. */
const commonShare = 0.02;
/** How long the statistics read are used before being read again (analyse runs seldom). */
const statisticsFor = 10 * 60_000;

type Frequencies = ReadonlyMap<string, number>;
const frequencies = new WeakMap<Db, { at: number; read: Promise<Frequencies> }>();

/**
 * The share of client names holding each common trigram, from the statistics object
 * `decks_client_name_trigrams`; empty when there are none yet (a table never analysed) or the
 * database user may not read them, and the search then asks the index for every trigram.
 */
function trigramFrequencies(db: Db): Promise<Frequencies> {
  const cached = frequencies.get(db);
  if (cached && Date.now() - cached.at < statisticsFor) return cached.read;
  const read = rawRows<{ trigrams: string[] | null; shares: number[] | null }>(
    db,
    sql`select most_common_elems::text::text[] as trigrams, most_common_elem_freqs as shares
      from pg_stats_ext_exprs where statistics_name = 'decks_client_name_trigrams'
      and tablename = 'decks' limit 1`,
  ).then(([row]) => {
    const map = new Map<string, number>();
    row?.trigrams?.forEach((trigram, i) => map.set(trigram, row.shares?.[i] ?? 0));
    return map as Frequencies;
  });
  frequencies.set(db, { at: Date.now(), read });
  read.catch(() => frequencies.delete(db));
  return read;
}

/** The trigrams inside a word, as the index lower-cases and stores them. */
function innerTrigrams(word: string) {
  const lower = word.toLowerCase();
  return Array.from({ length: Math.max(0, lower.length - 2) }, (_, i) => lower.slice(i, i + 3));
}

/**
 * The words of `text` (runs of letters and digits, as the trigram index splits names) none of
 * whose trigrams is common, in order.
 */
export function rareWords(text: string, shares: Frequencies): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => {
    const trigrams = innerTrigrams(word);
    return (
      trigrams.length > 0 && trigrams.every((trigram) => (shares.get(trigram) ?? 0) < commonShare)
    );
  });
}

/**
 * What of a rare word the index is asked for: the whole word when it has at most three
 * trigrams, else two or three of its trigrams that do not overlap (its first, middle and last
 * letters), which the word implies in that order. The index reads a list of decks for every
 * trigram it is asked for: at a million hexadecimal names each trigram is in ~7,300 of them,
 * and ten characters of a name (eight trigrams) cost 2.9 ms in the index, three of them 1.2 ms
 * (the whole text checked on the one or two decks found), against 0.05 ms at a thousand names.
 */
export function indexedParts(word: string): string[] {
  const letters = Array.from(word);
  const n = letters.length;
  if (n <= 5) return [word];
  const at = (i: number) => letters.slice(i, i + 3).join('');
  const parts = n < 9 ? [at(0), at(n - 3)] : [at(0), at(Math.floor(n / 2) - 1), at(n - 3)];
  // A part lower-cased alone must read as it does inside the word: a capital sigma ending a part
  // becomes the final ς in a database whose collation lower-cases by context (ICU), where the
  // name has σ inside the word, so such a word is asked for whole.
  const lowered = word.toLowerCase();
  return parts.every((part) => lowered.includes(part.toLowerCase())) ? parts : [word];
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `client_name ILIKE pattern` checked deck by deck without the index: what ILIKE does in a
 * database whose characters take more than a byte (UTF-8, as ours are), lower-casing the name
 * and the pattern and comparing them as LIKE does, with the pattern lower-cased once rather than
 * at every deck (a third of the check's time). The index does not serve it, so the planner
 * cannot hand it the common words' trigrams when the rare words found the decks.
 */
function namesLike(pattern: SQLWrapper): SQL {
  return sql`lower(${decks.clientName}) like lower(${pattern})`;
}

/** The length of the runs of characters the grams index holds (migration 0028). */
const gramLength = 5;

/**
 * Whether the grams index can be asked for a rare word: one of five characters or more without a
 * capital sigma (ICU lower-cases it by the letter after it, so the word alone could read
 * otherwise than inside a name). The database takes the word's first and last five characters
 * from the word lower-cased as a whole, as the index takes the runs of a name: a letter whose
 * lower case is longer than itself (İ, or Ì in Lithuanian) shifts both alike.
 */
export function asksGrams(word: string): boolean {
  return Array.from(word).length >= gramLength && !word.includes('Σ');
}

/** A word's first and last five characters, lower-cased as the index lower-cases a name. */
function runsOf(word: SQLWrapper): SQL {
  const length = sql.raw(String(gramLength));
  return sql`left(lower(${word}), ${length}), right(lower(${word}), ${length})`;
}

/** The runs the grams index is asked for: the two words' (`clientWord`, `clientOtherWord`). */
const wordsRuns = sql`array[${runsOf(sql.placeholder('clientWord'))}, ${runsOf(
  sql.placeholder('clientOtherWord'),
)}]`;

/**
 * How a search finds its decks:
 * - `name`: the name holds the text (ILIKE `clientPattern`), left to the planner;
 * - `rareWords`: the trigram index is asked for the rare words (`clientPattern`) and the whole
 *   text (`clientWhole`) is checked on the decks it finds;
 * - `grams`: the grams index is asked for the first and last five characters of one or two rare
 *   words of five characters or more (`clientWord`, `clientOtherWord`: the same word twice when
 *   there is one) and the whole text is checked on the decks it finds.
 */
export type ClientMatchKind = 'name' | 'rareWords' | 'grams';

/** The condition of each kind, the texts as placeholders: the same statement for every search. */
export const clientMatchConditions: Record<ClientMatchKind, SQL> = {
  name: ilike(decks.clientName, sql.placeholder('clientPattern')),
  rareWords: and(
    ilike(decks.clientName, sql.placeholder('clientPattern')),
    namesLike(sql.placeholder('clientWhole')),
  )!,
  // The runs are taken by the database from the words lower-cased, as the index's are from the
  // names; the statement is planned for each search (its unnamed statement), so the planner sees
  // them as constants.
  grams: and(
    sql`client_name_grams(${decks.clientName}) @> ${wordsRuns}`,
    namesLike(sql.placeholder('clientWhole')),
  )!,
};

/**
 * The condition a deck's client name meets when it holds `text`, in any case: its kind (see
 * `clientMatchConditions`) and the placeholders' values.
 */
export async function clientNameMatches(
  db: Db,
  text: string,
): Promise<{
  kind: ClientMatchKind;
  values: {
    clientPattern?: string;
    clientWhole?: string;
    clientWord?: string;
    clientOtherWord?: string;
  };
}> {
  const whole = `%${escapeLike(text)}%`;
  // A combining mark ends a word here but changes how the letter before it lower-cases (an I with
  // a combining dot is i under a Turkish ICU collation, ı alone): a word without its mark could
  // read otherwise than inside the name, so such a text is left to the planner whole.
  if (/\p{M}/u.test(text)) return { kind: 'name', values: { clientPattern: whole } };
  const shares = await trigramFrequencies(db);
  const words = rareWords(text, shares);
  const allWords = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  // No rare word, the planner chooses: a walk newest first for common words found everywhere
  // ("Cold Storage"), the index for common words no name holds together ("Ltd GmbH": 0.16 s,
  // where a walk read every deck for 1.1 s).
  if (words.length === 0) return { kind: 'name', values: { clientPattern: whole } };
  // The first and last five characters of the first two long rare words: their lists hold a few
  // decks at any size (~28 of a million hexadecimal names) where the trigram index's hold
  // thousands (ADR 073).
  const [word, otherWord = word] = words.filter(asksGrams);
  if (word !== undefined) {
    return {
      kind: 'grams',
      values: { clientWord: word, clientOtherWord: otherWord, clientWhole: whole },
    };
  }
  // Parts of the rare words, in the order the text has them, are what the index is asked for;
  // the whole text is checked on the decks it finds. Only rare words, each short enough to be
  // asked for whole: the index is asked for the text as it is.
  const parts = words.flatMap(indexedParts);
  if (words.length === allWords.length && parts.length === words.length) {
    return { kind: 'name', values: { clientPattern: whole } };
  }
  return {
    kind: 'rareWords',
    values: { clientPattern: `%${parts.join('%')}%`, clientWhole: whole },
  };
}
