import { Group, Text } from '@mantine/core';
import { useProductName } from '../lib/portal-config.ts';

/** The portal's mark and name, as shown in page headers. */
export function Logo({ size = 32 }: { size?: number }) {
  const productName = useProductName();
  return (
    <Group gap={8} wrap="nowrap" aria-label={productName}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0B3C5D" />
        <rect
          x="7"
          y="9"
          width="18"
          height="14"
          rx="2"
          fill="none"
          stroke="#5CE1E6"
          strokeWidth="2.5"
        />
        <path
          d="M11 19l4-4 3 3 4-5"
          fill="none"
          stroke="#F2B134"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={700} size="lg" c="dark.8">
        {productName}
      </Text>
    </Group>
  );
}
