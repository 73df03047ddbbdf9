import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';

/** The e-mail field every auth form starts with. */
export function EmailField(props: TextInputProps & { 'data-autofocus'?: boolean }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
      leftSection={<IconMail size={16} />}
      withAsterisk
      {...props}
    />
  );
}
