import { Avatar, Group, Text } from '@mantine/core';
import { initials } from '../format.ts';
import classes from './user-row.module.css';

/** A user row's left side: initials, name, e-mail and one line of when (requested, declined…). */
export function UserIdentity({
  name,
  email,
  when,
  color,
}: {
  name: string;
  email: string;
  when: string;
  color: string;
}) {
  return (
    <Group gap="md" wrap="nowrap" className={classes.identity}>
      <Avatar color={color} variant="filled" autoContrast radius="xl" size={44}>
        {initials(name)}
      </Avatar>
      <div className={classes.text}>
        <Text fw={600} truncate>
          {name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {email}
        </Text>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </div>
    </Group>
  );
}
