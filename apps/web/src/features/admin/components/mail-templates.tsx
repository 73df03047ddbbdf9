import type { MailTemplatePreview } from '@deck-portal/domain';
import { Alert, Badge, Code, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useMailTemplates } from '../api/get-mail-templates.ts';

/**
 * One template: its subject and when it is sent, and the mail as a recipient sees it. The HTML
 * shows in a frame sandboxed without scripts, same-origin access or navigation; the plain-text
 * part beside it.
 */
function TemplateCard({ template }: { template: MailTemplatePreview }) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={template.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{template.title}</Text>
          <Text size="sm" c="dimmed">
            {template.sentWhen}
          </Text>
        </Stack>
        {template.isSecret && (
          <Badge
            color="blue"
            variant="light"
            tt="none"
            leftSection={<IconLock size={12} />}
            style={{ flexShrink: 0 }}
          >
            Private link
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="sm">
        <Text span c="dimmed" size="sm">
          Subject:{' '}
        </Text>
        {template.subject}
      </Text>
      <Tabs defaultValue="html" keepMounted={false} mt="sm">
        <Tabs.List>
          <Tabs.Tab value="html">As sent</Tabs.Tab>
          <Tabs.Tab value="text">Plain text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          <iframe
            title={`Preview of ${template.title}`}
            srcDoc={template.html}
            sandbox=""
            style={{
              width: '100%',
              height: 460,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'white',
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {template.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

/** Every mail the portal sends, as it would be sent now, from sample props. */
export function MailTemplates() {
  const templates = useMailTemplates();
  if (templates.isPending) return <PageLoader />;
  if (templates.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="The templates could not be loaded"
      >
        {templates.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Each mail with sample names and links, in the product name, company and brand the portal
        sends with now.
      </Text>
      {templates.data.templates.map((template) => (
        <TemplateCard key={template.id} template={template} />
      ))}
    </Stack>
  );
}
