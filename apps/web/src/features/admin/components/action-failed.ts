import { adminMessages, roleInfo, type AssignableRole } from '@deck-portal/domain';
import { notifications } from '@mantine/notifications';
import type { useApproveUser } from '../api/approve-user.ts';

/** SPEC.md section 8's alerts ('Failed to approve user', …) with the server's reason below. */
export function showActionFailed(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : 'Please try again.',
    autoClose: 8000,
  });
}

export function showActionDone(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000 });
}

/** Approves with `role` and says how it went (pending sign-ups and declined ones alike). */
export function approveAndTell(
  approve: ReturnType<typeof useApproveUser>,
  user: { id: string; name: string },
  role: AssignableRole,
) {
  approve.mutate(
    { id: user.id, role },
    {
      onSuccess: () => showActionDone(`${user.name} was approved as ${roleInfo[role].label}.`),
      onError: (error) => showActionFailed(adminMessages.approveFailed, error),
    },
  );
}
