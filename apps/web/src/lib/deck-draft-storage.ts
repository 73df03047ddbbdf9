import {
  basicInfoSchema,
  marketCodeSchema,
  productSelectionSchema,
  templateCustomizationSchema,
  type BasicInfo,
  type DeckDraft,
  type ProductSelection,
  type TemplateCustomization,
} from '@deck-portal/domain';
import { z } from 'zod';
import { paths } from '../config/paths.ts';

/** SPEC.md §3: the wizard's working copy lives in the browser under this key. */
export const DECK_DRAFT_STORAGE_KEY = 'deckCreationData';

/** The draft as far as the rep has got: each step's part appears once that step is saved. */
export type StoredDeckDraft = {
  basicInfo?: BasicInfo;
  productSelection?: ProductSelection;
  templateCustomization?: TemplateCustomization;
  /**
   * The market whose currency the selected products' prices were entered in (the draft's own
   * market when absent): once the rep changes to a market with another currency, step 2 resets
   * the prices to that market's list.
   */
  pricedFor?: string;
  /**
   * The market whose currency the deck inputs' money values were typed in (the draft's own
   * market when absent): once the rep changes to a market with another currency, step 3
   * converts them at the price lists' rates and says so.
   */
  inputsFor?: string;
};

export type DraftStep = 'basic-info' | 'product-selection' | 'customize' | 'generate';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off in the browser; the wizard then works without saving.
    return null;
  }
}

/**
 * Reads the saved draft. Each part is checked with its domain schema; a part that no longer
 * parses (edited by hand, an older shape) is dropped rather than crashing a step.
 */
export function loadDeckDraft(): StoredDeckDraft {
  const raw = storage()?.getItem(DECK_DRAFT_STORAGE_KEY);
  if (!raw) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const draft: StoredDeckDraft = {};
  const basicInfo = basicInfoSchema.safeParse(record.basicInfo);
  if (basicInfo.success) draft.basicInfo = basicInfo.data;
  const productSelection = productSelectionSchema.safeParse(record.productSelection);
  if (productSelection.success) draft.productSelection = productSelection.data;
  const customization = templateCustomizationSchema.safeParse(record.templateCustomization);
  if (customization.success) draft.templateCustomization = customization.data;
  const pricedFor = marketCodeSchema.safeParse(record.pricedFor);
  if (pricedFor.success) draft.pricedFor = pricedFor.data;
  const inputsFor = marketCodeSchema.safeParse(record.inputsFor);
  if (inputsFor.success) draft.inputsFor = inputsFor.data;
  return draft;
}

/** Replaces the saved draft. */
export function writeDeckDraft(draft: StoredDeckDraft | DeckDraft): void {
  try {
    storage()?.setItem(DECK_DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Quota exceeded or storage off: the step still moves on with the data in memory.
  }
}

/** Saves one step's part on top of what is already saved; returns the new draft. */
export function saveDeckDraft(part: StoredDeckDraft): StoredDeckDraft {
  const next = { ...loadDeckDraft(), ...part };
  writeDeckDraft(next);
  return next;
}

/** Which deck the draft modifies (Modify on the preview page), when it is not a new deck. */
export const DECK_EDITING_STORAGE_KEY = 'deckCreationEditing';

export const editingDeckSchema = z.object({
  deckId: z.string().min(1),
  /** The version the draft was loaded from; generating makes the deck's next version. */
  version: z.number().int().min(1),
  title: z.string(),
  /** That version's slides were edited (online, or in a file brought back): Generate leaves the edits out. */
  slidesEdited: z.boolean().optional(),
});
export type EditingDeck = z.infer<typeof editingDeckSchema>;

/** The deck being modified, if the draft came from Modify. */
export function loadEditingDeck(): EditingDeck | null {
  try {
    const parsed = editingDeckSchema.safeParse(
      JSON.parse(storage()?.getItem(DECK_EDITING_STORAGE_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Modify: the deck's draft becomes the wizard's, and Generate makes the deck's next version. */
export function startModifyingDeck(draft: DeckDraft, editing: EditingDeck): void {
  writeDeckDraft({
    ...draft,
    pricedFor: draft.basicInfo.market,
    inputsFor: draft.basicInfo.market,
  });
  try {
    storage()?.setItem(DECK_EDITING_STORAGE_KEY, JSON.stringify(editing));
  } catch {
    // Storage off: the draft is in memory only, and Generate makes a new deck.
  }
}

/** Keeps the draft but makes it a new deck's: Generate no longer adds a version. */
export function stopModifyingDeck(): void {
  try {
    storage()?.removeItem(DECK_EDITING_STORAGE_KEY);
  } catch {
    // nothing saved, nothing to clear
  }
}

/** SPEC.md §4: Get Started and Create Another Deck start from nothing. */
export function clearDeckDraft(): void {
  try {
    storage()?.removeItem(DECK_DRAFT_STORAGE_KEY);
  } catch {
    // nothing saved, nothing to clear
  }
  stopModifyingDeck();
}

/** A draft shows in Recent Decks once it has basic info (SPEC.md §4). */
export function hasDraftToResume(draft: StoredDeckDraft): draft is StoredDeckDraft & {
  basicInfo: BasicInfo;
} {
  return draft.basicInfo !== undefined;
}

/**
 * SPEC.md §4's Continue: generate if customization exists, else customize if products are
 * selected, else product-selection.
 */
export function resumeStep(draft: StoredDeckDraft): DraftStep {
  if (draft.templateCustomization) return 'generate';
  if ((draft.productSelection?.selectedProducts.length ?? 0) > 0) return 'customize';
  return 'product-selection';
}

/** The market the draft's product prices are in (see `StoredDeckDraft.pricedFor`). */
export function pricesMarketOf(draft: StoredDeckDraft): string | undefined {
  return draft.pricedFor ?? draft.basicInfo?.market;
}

/** The market the draft's deck input values are in (see `StoredDeckDraft.inputsFor`). */
export function inputsMarketOf(draft: StoredDeckDraft): string | undefined {
  return draft.inputsFor ?? draft.basicInfo?.market;
}

/** The whole draft, when every step has been saved: what `POST /api/generate-slides` takes. */
export function completeDraft(draft: StoredDeckDraft): DeckDraft | null {
  const { basicInfo, productSelection, templateCustomization } = draft;
  if (!basicInfo || !productSelection || !templateCustomization) return null;
  return { basicInfo, productSelection, templateCustomization };
}

const stepPaths: Record<DraftStep, string> = {
  'basic-info': paths.createDeck.basicInfo,
  'product-selection': paths.createDeck.productSelection,
  customize: paths.createDeck.customize,
  generate: paths.createDeck.generate,
};

/** Where Continue on a saved draft goes. */
export function resumePath(draft: StoredDeckDraft): string {
  return stepPaths[resumeStep(draft)];
}
