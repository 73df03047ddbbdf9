import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  isDomainName,
  normalizeDomain,
  viewerCodeRules,
  viewerEmailMessages,
} from './viewer-email-rules.ts';

export * from './viewer-email-rules.ts';

/**
 * Verified viewers (issue 51): the payloads of a link's e-mail step and of the link options
 * that ask for it. A link with `requireEmail` shows nothing until the viewer proves an address
 * by a code mailed to it; `allowedDomains` limits the addresses that may.
 */

/** A link's allowed domains: each a host name (`acme.com`), normalized, without repeats. */
export const allowedDomainsSchema = z
  .array(z.string().max(253).transform(normalizeDomain))
  .max(viewerCodeRules.maxDomains, viewerEmailMessages.tooManyDomains)
  .superRefine((domains, context) => {
    const wrong = domains.find((domain) => !isDomainName(domain));
    if (wrong !== undefined) {
      context.addIssue({ code: 'custom', message: viewerEmailMessages.domainInvalid(wrong) });
    }
  })
  .transform((domains) => [...new Set(domains)]);

export const requestViewerCodeSchema = z.object({ email: emailSchema });
export type RequestViewerCode = z.input<typeof requestViewerCodeSchema>;

export const requestViewerCodeResponseSchema = z.object({
  /** The address the code went to, as the server reads it (lower case). */
  email: z.string(),
  /** When the code stops working. */
  expiresAt: z.iso.datetime({ offset: true }),
});

export const verifyViewerCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: viewerEmailMessages.codeRequired })
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, viewerEmailMessages.codeRequired)
        .regex(new RegExp(`^\\d{${viewerCodeRules.length}}$`), viewerEmailMessages.codeShape),
    ),
});
export type VerifyViewerCode = z.input<typeof verifyViewerCodeSchema>;

export const viewerAccessSchema = z.object({
  emailRequired: z.boolean(),
  verifiedEmail: z.string().nullable(),
  language: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
