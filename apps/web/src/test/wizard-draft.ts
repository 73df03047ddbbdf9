import { DECK_DRAFT_STORAGE_KEY } from '../lib/deck-draft-storage.ts';

/**
 * Puts a wizard draft in the browser's storage as steps 1 and 2 would leave it (an advanced
 * deck for Glacier Logistics with two controllers), with the given step 3 part (none: not reached).
 */
export function storeWizardDraft(templateCustomization: object | undefined) {
  localStorage.setItem(
    DECK_DRAFT_STORAGE_KEY,
    JSON.stringify({
      basicInfo: {
        deckTitle: 'Spring pitch',
        clientName: 'Glacier Logistics',
        date: '2031-05-02',
        primaryContact: '',
        mode: 'advanced',
      },
      productSelection: {
        selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
        includePricing: false,
        customPricing: {},
      },
      templateCustomization,
    }),
  );
}
