import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useLibraryVersions } from '../api/get-library-versions.ts';
import { useRestoreLibraryVersion } from '../api/publish-library.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { errorText } from '../../../lib/library-api/error-text.ts';

/** Every published version, newest first, with who, when, what changed and Restore. */
export function LibraryHistory() {
  const versions = useLibraryVersions();
  const restore = useRestoreLibraryVersion();
  if (versions.isPending) return <PageLoader label="Loading the history" />;
  if (versions.isError) {
    return <Alert color="red">{errorText(versions.error)}</Alert>;
  }
  const newest = versions.data.versions[0]?.number;
  return (
    <Stack gap="sm">
      {restore.isError && <Alert color="red">{errorText(restore.error)}</Alert>}
      {versions.data.versions.map((version) => (
        <Paper
          key={version.number}
          component="article"
          withBorder
          radius="md"
          p="md"
          aria-label={`Version ${version.number}`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>Version {version.number}</Text>
                {version.number === newest && (
                  <Badge color="teal" variant="light" size="sm">
                    Reps build from this
                  </Badge>
                )}
              </Group>
              <Text size="sm">{version.note}</Text>
              <Text size="xs" c="dimmed">
                {version.createdBy ? `${version.createdBy.name} · ` : ''}
                {formatDateTime(version.createdAt)}
              </Text>
              {version.changes.length > 0 && (
                <List size="xs" c="dimmed" spacing={0}>
                  {version.changes.map((change, i) => (
                    <List.Item key={i}>{change}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
            {version.number !== newest && (
              <Button
                size="xs"
                variant="default"
                loading={restore.isPending && restore.variables === version.number}
                onClick={() => {
                  if (
                    window.confirm(
                      `Publish version ${version.number} again as the newest? Unpublished changes in the draft are replaced.`,
                    )
                  ) {
                    restore.mutate(version.number);
                  }
                }}
              >
                Restore
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
