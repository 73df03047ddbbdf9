import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export default function UnapprovedPage() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={460}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
            <IconHourglassHigh size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Account Pending Approval
          </Title>
          <Text c="dimmed">
            Your account has been created and is waiting for an administrator to approve it. You
            will be able to sign in as soon as it is approved.
          </Text>
          <Button component={Link} to={paths.auth} variant="light">
            Back to Sign In
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
