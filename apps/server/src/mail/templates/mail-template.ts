import type { ComponentType } from 'react';
import type { MailContext } from './mail-context.ts';

/**
 * One kind of mail: its subject and body from typed props, and sample props that show it to
 * administrators. A mail holding a credential (a reset, invitation or client link) is secret:
 * its text is kept only until an SMTP server has it.
 */
export type MailTemplate<Props> = {
  /** Stable, kebab-case: how the preview list names it. */
  id: string;
  /** What an administrator reads in the template list. */
  title: string;
  /** When the portal sends it. */
  sentWhen: string;
  isSecret: boolean;
  subject(props: Props, context: MailContext): string;
  Body: ComponentType<Props & { context: MailContext }>;
  sample: Props;
};

export function defineMailTemplate<Props>(template: MailTemplate<Props>): MailTemplate<Props> {
  return template;
}
