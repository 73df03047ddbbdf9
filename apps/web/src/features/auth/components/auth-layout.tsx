import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../../ui/logo.tsx';

/** The centred card every sign-in screen sits in: logo, heading, a line of help, the form. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Center
      mih="100vh"
      p="md"
      style={{
        background:
          'radial-gradient(circle at 15% 10%, var(--mantine-color-blue-0), transparent 45%), radial-gradient(circle at 85% 90%, var(--mantine-color-cyan-0), transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Box w="100%" maw={440}>
        <Center mb="lg">
          <Logo size={40} />
        </Center>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} component="main">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2" fw={700}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm" c="dimmed" mt="md">
            {footer}
          </Text>
        )}
      </Box>
    </Center>
  );
}
