import type { MailTemplatePreview } from '@deck-portal/domain';
import { accountApprovedMail } from './account-approved-mail.tsx';
import { alertsDigestMail, alertsMail } from './alerts-mail.tsx';
import { approvalDecidedMail } from './approval-decided-mail.tsx';
import { approvalRequestedMail } from './approval-requested-mail.tsx';
import { clientLinkMail } from './client-link-mail.tsx';
import { clientLinkOpenedMail } from './client-link-opened-mail.tsx';
import { deckSharedMail } from './deck-shared-mail.tsx';
import { googleLinkedMail } from './google-linked-mail.tsx';
import { invitationMail } from './invitation-mail.tsx';
import type { MailContext } from './mail-context.ts';
import type { MailTemplate } from './mail-template.ts';
import { passwordChangedMail } from './password-changed-mail.tsx';
import { passwordResetMail } from './password-reset-mail.tsx';
import { proposalAcceptedClientMail } from './proposal-accepted-client-mail.tsx';
import { proposalAcceptedTeamMail } from './proposal-accepted-team-mail.tsx';
import { proposalDeclinedTeamMail } from './proposal-declined-team-mail.tsx';
import { renderMail } from './render-mail.tsx';
import { signUpWaitingMail } from './sign-up-waiting-mail.tsx';
import { webhookDisabledMail } from './webhook-disabled-mail.tsx';
import { viewerCodeMail } from './viewer-code-mail.tsx';

/** Each template with the renderer bound to its own props type. */
function previewOf<Props>(template: MailTemplate<Props>) {
  return async (context: MailContext): Promise<MailTemplatePreview> => {
    const { id, title, sentWhen, isSecret, sample } = template;
    return { id, title, sentWhen, isSecret, ...(await renderMail(template, sample, context)) };
  };
}

/** Every mail the portal sends, in the order a user meets them. */
const previews = [
  previewOf(signUpWaitingMail),
  previewOf(accountApprovedMail),
  previewOf(invitationMail),
  previewOf(passwordResetMail),
  previewOf(passwordChangedMail),
  previewOf(googleLinkedMail),
  previewOf(deckSharedMail),
  previewOf(clientLinkMail),
  previewOf(viewerCodeMail),
  previewOf(clientLinkOpenedMail),
  previewOf(alertsMail),
  previewOf(alertsDigestMail),
  previewOf(approvalRequestedMail),
  previewOf(approvalDecidedMail),
  previewOf(proposalAcceptedTeamMail),
  previewOf(proposalAcceptedClientMail),
  previewOf(proposalDeclinedTeamMail),
  previewOf(webhookDisabledMail),
];

/** Every template rendered from its sample props, as the portal would send it now. */
export async function previewMailTemplates(context: MailContext) {
  const rendered: MailTemplatePreview[] = [];
  for (const preview of previews) rendered.push(await preview(context));
  return rendered;
}
