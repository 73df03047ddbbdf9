import { Alert, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconHourglassHigh, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { readUnapprovedNotice } from './unapproved-notice.ts';

export default function UnapprovedPage() {
  const notice = readUnapprovedNotice(useLocation().state);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={460} component="main">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
            <IconHourglassHigh size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Account Pending Approval
          </Title>
          {notice && (
            <Alert
              w="100%"
              ta="left"
              variant="light"
              color={notice.tone === 'success' ? 'green' : 'yellow'}
              icon={
                notice.tone === 'success' ? (
                  <IconCircleCheck size={20} />
                ) : (
                  <IconInfoCircle size={20} />
                )
              }
              role="alert"
            >
              {notice.message}
            </Alert>
          )}
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
