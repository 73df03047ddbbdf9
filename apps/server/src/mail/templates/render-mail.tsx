/** @jsxRuntime automatic */
// Each template file says its JSX runtime itself: `npm start` runs the server with tsx from the
// repository root, where no tsconfig.json names one (docs/decisions: mail templates).
import { loadMailComponents } from './mail-components.ts';
import type { MailContext } from './mail-context.ts';
import type { MailTemplate } from './mail-template.ts';

export type RenderedMail = { subject: string; html: string; text: string };

/** Plain text as a person writes it: headings keep their case, list items start with a dash. */
const textSelectors = [
  { selector: 'h1', options: { uppercase: false } },
  { selector: 'h2', options: { uppercase: false } },
  { selector: 'ul', options: { itemPrefix: '- ' } },
];

/** A mail's subject, its HTML, and the plain-text part read from that same HTML. */
export async function renderMail<Props>(
  template: MailTemplate<Props>,
  props: Props,
  context: MailContext,
): Promise<RenderedMail> {
  const { Body } = template;
  // Loaded with the first mail (mail-components.ts).
  const [{ render, toPlainText }] = await Promise.all([
    import('@react-email/render'),
    loadMailComponents(),
  ]);
  const html = await render(<Body {...props} context={context} />);
  return {
    subject: template.subject(props, context),
    html,
    text: toPlainText(html, { selectors: textSelectors }).trim(),
  };
}
