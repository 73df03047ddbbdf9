import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

/** A button that opens `href` in a new tab, giving the new page no handle on this one. */
export function NewTabButton({
  href,
  ...props
}: ButtonProps & { href: string | undefined; children: ReactNode }) {
  return <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...props} />;
}
