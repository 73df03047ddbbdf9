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

/**
 * Runs an admin action and says how it went. The toast hangs on the action's promise, not on
 * `mutate`'s callbacks: those are dropped when the row that started the action unmounts, and
 * the row is gone as soon as the refreshed list arrives (an approved sign-up leaves the list).
 */
export function runAndTell(action: Promise<unknown>, done: string, failedTitle: string) {
  action.then(
    () => showActionDone(done),
    (error: unknown) => showActionFailed(failedTitle, error),
  );
}

/** Approves with `role` and says how it went (pending sign-ups and declined ones alike). */
export function approveAndTell(
  approve: ReturnType<typeof useApproveUser>,
  user: { id: string; name: string },
  role: AssignableRole,
) {
  runAndTell(
    approve.mutateAsync({ id: user.id, role }),
    `${user.name} was approved as ${roleInfo[role].label}.`,
    adminMessages.approveFailed,
  );
}
