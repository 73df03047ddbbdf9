import { useEffect, useState } from 'react';
import {
  profileUpdateSchema,
  uploadContentTypes,
  uploadMaxBytes,
  type Profile,
} from '@deck-portal/domain';
import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBell, IconKey, IconPhoto, IconTrash } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { useFormError } from '../../lib/form-error.ts';
import { initials } from '../../lib/initials.ts';
import { deckLanguageOptions, marketLabel, useMarkets } from '../../lib/markets.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useProfile, useRemovePhoto, useUpdateProfile, useUploadPhoto } from './api/profile.ts';

const maxMegabytes = uploadMaxBytes / (1024 * 1024);

function PhotoSection({ profile }: { profile: Profile }) {
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [error, setError] = useState<string | null>(null);

  const onFile = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > uploadMaxBytes) {
      setError(
        `This picture is ${(file.size / (1024 * 1024)).toFixed(1)} MB; photos can be at most ${maxMegabytes} MB.`,
      );
      return;
    }
    upload.mutate(file, { onError: (failure) => setError(failure.message) });
  };

  return (
    <Group gap="lg" align="center">
      <Avatar src={profile.photoUrl} size={96} radius={96} color="blue" alt="">
        {initials(profile.name)}
      </Avatar>
      <Stack gap="xs">
        <Group gap="sm">
          <FileButton onChange={onFile} accept={uploadContentTypes.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhoto size={16} />}
                loading={upload.isPending}
              >
                {profile.hasUploadedPhoto ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {profile.hasUploadedPhoto && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, { onError: (failure) => setError(failure.message) })
              }
            >
              Remove photo
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          PNG, JPEG, WebP or GIF, up to {maxMegabytes} MB. Shown square, next to your name on client
          links.
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The form's values from the saved profile; no market or language is the portal's. */
const formValues = (profile: Profile) => ({
  name: profile.name,
  jobTitle: profile.jobTitle ?? '',
  phone: profile.phone ?? '',
  market: profile.market ?? null,
  language: profile.language ?? null,
});

function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const markets = useMarkets().data?.markets ?? [];
  const form = useForm({
    mode: 'controlled',
    initialValues: formValues(profile),
    validate: schemaResolver(profileUpdateSchema, { sync: true }),
  });
  const { formError, showError, clearFormError } = useFormError(form.setErrors);
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(formValues(profile));
    resetDirty();
  }, [profile, setValues, resetDirty]);

  const submit = form.onSubmit((values) => {
    clearFormError();
    update.mutate(values, {
      onSuccess: () =>
        notifications.show({ color: 'teal', message: 'Profile saved.', autoClose: 4000 }),
      onError: showError,
    });
  });

  const { name, jobTitle, phone } = form.values;
  const who = jobTitle.trim() ? `${name.trim()}, ${jobTitle.trim()}` : name.trim();
  const reach = [profile.email, phone.trim()].filter(Boolean).join(' · ');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Your profile was not saved"
          >
            {formError}
          </Alert>
        )}
        <TextInput
          label="Full name"
          withAsterisk
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Job title"
          placeholder="Account Executive"
          autoComplete="organization-title"
          {...form.getInputProps('jobTitle')}
        />
        <TextInput
          label="Phone"
          type="tel"
          placeholder="+1 (555) 010-0100"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <Group grow align="flex-start">
          <Select
            label="Market of new decks"
            description="Where your clients usually buy; each deck can change it"
            placeholder="United States (the portal's)"
            data={markets.map((market) => ({ value: market.code, label: marketLabel(market) }))}
            clearable
            searchable
            {...form.getInputProps('market')}
          />
          <Select
            label="Language of new decks"
            description="The slides' language; each deck can change it"
            placeholder="The market's language"
            data={deckLanguageOptions}
            clearable
            searchable
            {...form.getInputProps('language')}
          />
        </Group>
        <TextInput
          label="Email"
          value={profile.email}
          readOnly
          description="Your sign-in address; it appears on your decks too."
        />
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="xs" fw={600} tt="uppercase" c="dimmed">
            On your decks’ cover and closing slide
          </Text>
          <Text size="sm" mt={4}>
            Presented by {who}
          </Text>
          <Text size="sm">{reach}</Text>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/profile`: who the rep is to their clients. */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <PageShell actions={<BackToDashboardButton />}>
      <Stack gap="lg" maw={640}>
        <div>
          <Title order={1} size="h2">
            Your profile
          </Title>
          <Text c="dimmed" mt={4}>
            Clients see this on the cover and the closing slide of the decks you generate, and on
            the page of the links you send. Decks already generated keep what they showed; a new
            version shows your profile as it is then.
          </Text>
        </div>
        {profile.isPending ? (
          <PageLoader />
        ) : profile.isError ? (
          <Alert color="red" variant="light" title="Your profile could not be loaded">
            {profile.error.message}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="xl">
              <PhotoSection profile={profile.data} />
              <ProfileForm profile={profile.data} />
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="lg" p="xl">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <div>
              <Title order={2} size="h4">
                Alerts
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                Be told when clients open, revisit, forward, accept or decline your decks: in the
                portal, by mail or in Slack.
              </Text>
            </div>
            <LinkButton to={paths.alerts} icon={IconBell}>
              Choose alerts
            </LinkButton>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p="xl">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <div>
              <Title order={2} size="h4">
                API tokens
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                For scripts and tools that call the portal as you.
              </Text>
            </div>
            <LinkButton to={paths.apiTokens} icon={IconKey}>
              Manage tokens
            </LinkButton>
          </Group>
        </Paper>
      </Stack>
    </PageShell>
  );
}
