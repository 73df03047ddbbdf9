import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook,
  IconExternalLink,
  IconPlayerPlay,
  IconPresentationAnalytics,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePortalConfig, useProductName } from '../../../lib/portal-config.ts';
import { clearDeckDraft } from '../../../lib/deck-draft-storage.ts';
import { NewTabButton } from '../../../ui/new-tab-button.tsx';

/** 'Create New Sales Deck': Get Started clears the saved draft (SPEC.md §2). */
export function CreateDeckCard() {
  const navigate = useNavigate();
  const start = () => {
    clearDeckDraft();
    navigate(paths.createDeck.basicInfo);
  };
  return (
    <Card
      radius="lg"
      p="xl"
      h="100%"
      component="section"
      aria-labelledby="create-deck-title"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-blue-7), #0B3C5D)',
        color: 'white',
      }}
    >
      <Stack gap="md" justify="space-between" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" color="white" variant="white">
            <IconPresentationAnalytics size={30} color="var(--mantine-color-blue-7)" />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3" id="create-deck-title" c="white">
              Create New Sales Deck
            </Title>
            <Text c="blue.0" size="sm">
              Pick your client, products and pricing, choose the slides, and get a PowerPoint and
              PDF ready to send in minutes.
            </Text>
          </Stack>
        </Group>
        <Group>
          <Button size="md" variant="white" onClick={start}>
            Get Started
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The tutorial: the portal's own guide (/help) by default, or the installation's video
 * (TUTORIAL_URL), which opens outside the portal in a new tab.
 */
export function TutorialCard() {
  const tutorialUrl = usePortalConfig().data?.tutorialUrl;
  const productName = useProductName();
  const isGuide = !tutorialUrl || tutorialUrl.startsWith('/');
  return (
    <Card
      withBorder
      radius="lg"
      p="xl"
      h="100%"
      component="section"
      aria-labelledby="tutorial-title"
    >
      <Stack gap="md" justify="space-between" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" color="red" variant="light">
            {isGuide ? <IconBook size={28} /> : <IconPlayerPlay size={28} />}
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3" id="tutorial-title">
              Tutorial
            </Title>
            <Text c="dimmed" size="sm">
              {isGuide
                ? `New to ${productName}? Read the short guide to building, sending and following up a deck.`
                : `New to ${productName}? Watch the short walkthrough of building and sending a deck.`}
            </Text>
          </Stack>
        </Group>
        <Group>
          {isGuide ? (
            <Button component={Link} to={tutorialUrl ?? paths.help} variant="light" color="red">
              Read the guide
            </Button>
          ) : (
            <NewTabButton
              href={tutorialUrl}
              variant="light"
              color="red"
              rightSection={<IconExternalLink size={16} />}
            >
              Watch tutorial
            </NewTabButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
