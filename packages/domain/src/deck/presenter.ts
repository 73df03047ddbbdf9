/**
 * The rep who sends a deck, as the client sees them: on the cover, the closing slide and the
 * client page. Taken from the rep's profile when a version is generated and kept with it.
 */
export interface DeckPresenter {
  name: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
}
