import { Badge, Button } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

/** Whether the editor's work is saved to the draft, and its Save button. */
export function SaveState({
  isDirty,
  isSaved,
  isSaving,
  onSave,
}: {
  isDirty: boolean;
  /** The last save succeeded (said only while nothing changed since). */
  isSaved: boolean;
  isSaving: boolean;
  onSave: () => void;
}) {
  return (
    <>
      {isDirty ? (
        <Badge color="yellow" variant="light">
          Unsaved changes
        </Badge>
      ) : (
        isSaved && (
          <Badge color="teal" variant="light" role="status">
            Saved to the draft
          </Badge>
        )
      )}
      <Button
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onSave}
        loading={isSaving}
        disabled={!isDirty}
      >
        Save
      </Button>
    </>
  );
}
