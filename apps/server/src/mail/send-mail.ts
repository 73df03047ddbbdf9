import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { loadMailContext } from './load-mail-context.ts';
import { enqueueMail, type MailAttachment } from './mailer.ts';
import type { MailTemplate } from './templates/mail-template.ts';
import { renderMail } from './templates/render-mail.tsx';

/** Where one mail goes; its words come from the template. */
export type MailEnvelope = {
  to: string;
  /** Where the recipient's answer goes, instead of MAIL_FROM. */
  replyTo?: string | undefined;
  attachments?: MailAttachment[];
};

/**
 * Renders a template for each recipient (HTML and its plain-text part) and puts the mails in the
 * outbox, inside the caller's transaction: they are sent after it commits.
 */
export async function sendMails<Props>(
  tx: Db,
  config: Config,
  template: MailTemplate<Props>,
  mails: (MailEnvelope & { props: Props })[],
) {
  if (mails.length === 0) return;
  const context = await loadMailContext(tx, config);
  const rendered = [];
  for (const { props, to, replyTo, attachments } of mails) {
    rendered.push({
      ...(await renderMail(template, props, context)),
      to,
      ...(replyTo ? { replyTo } : {}),
      ...(attachments ? { attachments } : {}),
      isSecret: template.isSecret,
    });
  }
  await enqueueMail(tx, rendered);
}

/** One mail from a template: `sendMail(tx, config, template, props, { to })`. */
export async function sendMail<Props>(
  tx: Db,
  config: Config,
  template: MailTemplate<Props>,
  props: Props,
  envelope: MailEnvelope,
) {
  await sendMails(tx, config, template, [{ ...envelope, props }]);
}
