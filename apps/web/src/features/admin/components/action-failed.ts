import { notifications } from '@mantine/notifications';

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
