import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export default function NotFoundRoute() {
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text size="4rem" fw={800} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.dashboard}>
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
