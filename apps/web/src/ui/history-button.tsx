import { ActionIcon, Tooltip } from '@mantine/core';
import type { IconArrowBackUp } from '@tabler/icons-react';

/** Undo or Redo of an editor: an icon named `label`, its keys in its tooltip. */
export function HistoryButton({
  label,
  keys,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  keys: string;
  icon: typeof IconArrowBackUp;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={`${label} (${keys})`}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
