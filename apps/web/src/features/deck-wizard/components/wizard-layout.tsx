import type { ReactNode } from 'react';
import { Button, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../ui/page-shell.tsx';
import { ModifyingNotice } from './modifying-notice.tsx';

const steps = [
  { label: 'Basic Info', description: 'Client and date' },
  { label: 'Products', description: 'What you are offering' },
  { label: 'Customize', description: 'Slides and pricing' },
  { label: 'Generate', description: 'Review and create' },
] as const;

/** The frame of every wizard step: header, the four-step Stepper, a title and the step's body. */
export function WizardLayout({
  active,
  title,
  description,
  children,
}: {
  /** Zero-based index of the current step; 4 once the deck is ready. */
  active: number;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageShell
      actions={
        <Button
          component={Link}
          to={paths.dashboard}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Dashboard
        </Button>
      }
    >
      <Stack gap="xl">
        <Paper withBorder radius="lg" p="lg">
          <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label="Deck steps">
            {steps.map((step) => (
              <Stepper.Step key={step.label} label={step.label} description={step.description} />
            ))}
          </Stepper>
        </Paper>
        {active < steps.length && <ModifyingNotice isReview={active === steps.length - 1} />}
        <Stack gap={4}>
          <Text size="sm" c="blue.8" fw={600} tt="uppercase">
            {active < steps.length ? `Step ${active + 1} of ${steps.length}` : 'Done'}
          </Text>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {children}
      </Stack>
    </PageShell>
  );
}
