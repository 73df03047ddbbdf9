// react-email's building blocks (with the renderer, about 45 MB resident: it brings tailwind,
// prismjs, marked and prettier) are loaded when the process renders its first mail, not when it
// starts: most web processes serve for a long while before one sends a mail (issue 52).
import type * as ReactEmail from '@react-email/components';

type MailComponents = typeof ReactEmail;

let loaded: MailComponents | undefined;

/** Loads the building blocks once; `renderMail` awaits it before rendering a template. */
export async function loadMailComponents() {
  loaded ??= await import('@react-email/components');
  return loaded;
}

/** The building blocks, inside a template's render (after `loadMailComponents`). */
export function mailComponents(): MailComponents {
  if (!loaded) throw new Error('Mail components used before loadMailComponents()');
  return loaded;
}
