import { useState } from 'react';
import {
  approvalMessages,
  approverRoleLabel,
  createClientLinkRequestSchema,
  allowedDomainsSchema,
  passcodeSchema,
  type CreateClientLinkRequest,
  type CreateClientLinkResponse,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Select,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconCalendar,
  IconCheck,
  IconCopy,
  IconLink,
  IconLock,
  IconMail,
  IconUser,
} from '@tabler/icons-react';
import { z } from 'zod';
import { useDeckVersions } from '../api/deck-versions.ts';
import { useDeckApproval } from '../../../lib/deal-desk.ts';
import { useFormError } from '../../../lib/form-error.ts';
import { endOfLocalDayIso, todayIsoDate } from '../../../lib/format-date.ts';
import { useCreateClientLink } from '../api/create-client-link.ts';
import { useDeck } from '../../../lib/deck-details.ts';
import { AcceptanceOptions } from './acceptance-options.tsx';
import { DeckPreflightNotice } from './deck-preflight-notice.tsx';
import { splitDomains, ViewerEmailOptions } from './viewer-email-options.tsx';

const messageMaxLength = 2000;

/**
 * The request's schema, as the form holds its values: the picker holds a calendar day (the
 * request gets the end of it) and an empty passcode box means no passcode.
 */
const formSchema = createClientLinkRequestSchema
  .extend({
    expiresAt: z.string().nullable(),
    pinnedVersion: z.string(),
    passcode: z.preprocess(
      (value) => (value === '' ? undefined : value),
      passcodeSchema.optional(),
    ),
    allowedDomains: z.string(),
  })
  .superRefine((values, context) => {
    // The domains count only when the link asks for the e-mail (the box is hidden otherwise).
    if (!values.requireEmail) return;
    const domains = allowedDomainsSchema.safeParse(splitDomains(values.allowedDomains));
    if (!domains.success) {
      const message = domains.error.issues[0]?.message ?? 'Check the domains.';
      context.addIssue({ code: 'custom', path: ['allowedDomains'], message });
    }
  });

type FormValues = {
  recipientName: string;
  recipientEmail: string;
  expiresAt: string | null;
  passcode: string;
  allowDownload: boolean;
  sendEmail: boolean;
  message: string;
  /** '' follows the newest version; a number pins the link to that version. */
  pinnedVersion: string;
  /** Whether the client may accept on the page, and the products they choose to include. */
  acceptance: { enabled: boolean; optionalProductIds: string[] };
  /** Whether the viewer must prove an e-mail address, and the domains allowed, as typed. */
  requireEmail: boolean;
  allowedDomains: string;
};

function toRequest(values: FormValues): CreateClientLinkRequest {
  const message = values.message.trim();
  return {
    recipientName: values.recipientName.trim(),
    recipientEmail: values.recipientEmail.trim(),
    // The link works through the whole chosen day, wherever the rep is.
    expiresAt: values.expiresAt ? endOfLocalDayIso(values.expiresAt) : null,
    ...(values.passcode ? { passcode: values.passcode } : {}),
    allowDownload: values.allowDownload,
    ...(values.pinnedVersion ? { pinnedVersion: Number(values.pinnedVersion) } : {}),
    sendEmail: values.sendEmail,
    // Off is the server's default: only an offer is sent.
    ...(values.acceptance.enabled ? { acceptance: values.acceptance } : {}),
    ...(values.requireEmail
      ? { requireEmail: true, allowedDomains: splitDomains(values.allowedDomains) }
      : {}),
    // The message only goes in the mail: without one it would be stored for nothing.
    ...(values.sendEmail && message ? { message } : {}),
  };
}

function CreateClientLinkForm({
  deckId,
  onCancel,
  onCreated,
}: {
  deckId: string;
  onCancel: () => void;
  onCreated: (created: CreateClientLinkResponse) => void;
}) {
  const create = useCreateClientLink();
  const versions = useDeckVersions(deckId);
  const deck = useDeck(deckId);
  const approval = useDeckApproval(deckId).data;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      recipientName: '',
      recipientEmail: '',
      expiresAt: null,
      passcode: '',
      allowDownload: true,
      sendEmail: true,
      message: '',
      pinnedVersion: '',
      acceptance: { enabled: false, optionalProductIds: [] },
      requireEmail: false,
      allowedDomains: '',
    },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const { formError, showError, clearFormError } = useFormError(form.setErrors);

  const submit = form.onSubmit((values) => {
    clearFormError();
    create.mutate(
      { deckId, request: toRequest(values) },
      {
        onSuccess: onCreated,
        onError: showError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* Said before the rep fills the form: the server refuses the link until approval. */}
        {!formError && approval?.state === 'pending' && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconLock size={18} />}
            title="Approval pending"
          >
            {approvalMessages.linkPending(
              approverRoleLabel[
                approval.request?.approverRole ?? approval.check.approverRole ?? 'manager'
              ],
            )}
          </Alert>
        )}
        {!formError && approval?.state === 'needs_approval' && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconLock size={18} />}
            title="Needs approval"
          >
            {approvalMessages.linkRefused}
          </Alert>
        )}
        {!formError && deck.data && (
          <DeckPreflightNotice deckId={deckId} version={deck.data.currentVersion} where="link" />
        )}
        {formError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="The link was not created"
          >
            {formError}
          </Alert>
        )}
        <TextInput
          label="Recipient name"
          placeholder="Jane Client"
          leftSection={<IconUser size={16} />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('recipientName')}
        />
        <TextInput
          label="Recipient e-mail"
          type="email"
          placeholder="jane@client.com"
          leftSection={<IconMail size={16} />}
          withAsterisk
          {...form.getInputProps('recipientEmail')}
        />
        <DatePickerInput
          label="Expiry date"
          description="Optional: the link works until the end of this day."
          placeholder="Never expires"
          valueFormat="MMM D, YYYY"
          minDate={todayIsoDate()}
          leftSection={<IconCalendar size={16} />}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the expiry date' }}
          ariaLabels={{
            previousMonth: 'Previous month',
            nextMonth: 'Next month',
            monthLevelControl: 'Choose a month',
            previousYear: 'Previous year',
            nextYear: 'Next year',
            yearLevelControl: 'Choose a year',
            previousDecade: 'Previous decade',
            nextDecade: 'Next decade',
          }}
          {...form.getInputProps('expiresAt')}
        />
        <PasswordInput
          label="Passcode"
          description="Optional. It is not in the e-mail: give it to the client separately, e.g. by phone."
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          {...form.getInputProps('passcode')}
          // Mantine points a PasswordInput's field at its error but does not mark it invalid.
          aria-invalid={form.errors.passcode ? true : undefined}
        />
        <Select
          label="Version the client sees"
          description="A link that follows the newest version shows your changes as soon as you generate them."
          allowDeselect={false}
          data={[
            { value: '', label: 'Always the newest version' },
            ...(versions.data?.versions ?? []).map((version) => ({
              value: String(version.number),
              label: `Only version ${version.number}${version.isCurrent ? ' (the newest now)' : ''}`,
            })),
          ]}
          {...form.getInputProps('pinnedVersion')}
        />
        <Switch
          label="Allow PDF download"
          {...form.getInputProps('allowDownload', { type: 'checkbox' })}
        />
        <ViewerEmailOptions
          isRequired={form.values.requireEmail}
          switchProps={form.getInputProps('requireEmail', { type: 'checkbox' })}
          domainsProps={form.getInputProps('allowedDomains')}
        />
        <AcceptanceOptions
          products={(deck.data?.draft.productSelection.selectedProducts ?? []).map((product) => ({
            id: product.id,
            name: deck.data?.productNames[product.id] ?? product.id,
          }))}
          enabled={form.values.acceptance.enabled}
          optionalProductIds={form.values.acceptance.optionalProductIds}
          error={form.errors['acceptance.optionalProductIds']}
          switchProps={form.getInputProps('acceptance.enabled', { type: 'checkbox' })}
          onOptionalChange={(ids) => form.setFieldValue('acceptance.optionalProductIds', ids)}
        />
        <Checkbox
          label="Send the link by e-mail"
          {...form.getInputProps('sendEmail', { type: 'checkbox' })}
        />
        {form.values.sendEmail && (
          <Textarea
            label="Message"
            description="Optional: a personal note in the e-mail."
            rows={4}
            maxLength={messageMaxLength}
            {...form.getInputProps('message')}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconLink size={16} />} loading={create.isPending}>
            Create link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedLink({
  created,
  onDone,
}: {
  created: CreateClientLinkResponse;
  onDone: () => void;
}) {
  const { link, url, emailed } = created;
  return (
    <Stack gap="md">
      {emailed && (
        <Alert color="green" variant="light" icon={<IconMail size={18} />}>
          Sent to {link.recipientEmail}.
        </Alert>
      )}
      <Text size="sm">
        This link is shown only now: copy it before closing this window. It cannot be shown again.
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Client link" value={url} readOnly style={{ flex: 1 }} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {link.hasPasscode && (
        <Text size="sm" c="dimmed">
          Remember to give {link.recipientName} the passcode separately.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Create client link': the form in a modal, then the new link, shown this once. */
export function CreateClientLinkButton({ deckId }: { deckId: string }) {
  const [isFormOpen, setFormOpen] = useState(false);
  // Kept after closing, so the modal does not go blank while it fades out.
  const [created, setCreated] = useState<CreateClientLinkResponse | null>(null);
  const [isCreatedOpen, setCreatedOpen] = useState(false);
  const closeForm = () => setFormOpen(false);
  const closeCreated = () => setCreatedOpen(false);

  return (
    <>
      <Button leftSection={<IconLink size={16} />} onClick={() => setFormOpen(true)}>
        Create client link
      </Button>
      <Modal
        opened={isFormOpen}
        onClose={closeForm}
        title="Create client link"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {isFormOpen && (
          <CreateClientLinkForm
            deckId={deckId}
            onCancel={closeForm}
            onCreated={(result) => {
              closeForm();
              setCreated(result);
              setCreatedOpen(true);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={isCreatedOpen}
        onClose={closeCreated}
        title="Client link created"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {created && <CreatedLink created={created} onDone={closeCreated} />}
      </Modal>
    </>
  );
}
