import type { ClientLinkSender } from '@deck-portal/domain';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { initials } from '../../../lib/initials.ts';

/** The company's mark, drawn like the one on its slides: a tile, a frost star, a dot. */
function CompanyMark({ colors }: { colors: ClientLinkSender['companyColors'] }) {
  const arms = [90, 30, 150].map((degrees) => {
    const r = (degrees * Math.PI) / 180;
    const dx = Math.cos(r) * 9.6;
    const dy = Math.sin(r) * 9.6;
    return `M${16 - dx} ${16 - dy}L${16 + dx} ${16 + dy}`;
  });
  return (
    <svg width={32} height={32} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7.7" fill={`#${colors.accent}`} />
      <path d={arms.join('')} stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="16" cy="16" r="3.2" fill={`#${colors.highlight}`} />
    </svg>
  );
}

/** Who the deck comes from: the company, and the rep with their photo and job title. */
export function SenderHeader({ sender }: { sender: ClientLinkSender }) {
  return (
    <Group component="header" justify="space-between" wrap="wrap" gap="md" mb="xl">
      <Group gap={10} wrap="nowrap">
        <CompanyMark colors={sender.companyColors} />
        <Text fw={700} size="lg" c={`#${sender.companyColors.primary}`}>
          {sender.companyName}
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap" aria-label={`Sent by ${sender.name}`}>
        <Avatar src={sender.photoUrl} alt="" size={44} radius={44} color="blue">
          {initials(sender.name)}
        </Avatar>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Sent by
          </Text>
          <Text fw={600} size="sm">
            {sender.name}
          </Text>
          {sender.jobTitle && (
            <Text size="xs" c="dimmed">
              {sender.jobTitle}
            </Text>
          )}
        </Stack>
      </Group>
    </Group>
  );
}
