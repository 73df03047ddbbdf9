/** A message carried to /unapproved in the navigation state (sign-up success, pending sign-in). */
export type UnapprovedNotice = { notice: { tone: 'success' | 'warning'; message: string } };

export function unapprovedNotice(
  tone: UnapprovedNotice['notice']['tone'],
  message: string,
): UnapprovedNotice {
  return { notice: { tone, message } };
}

export function readUnapprovedNotice(state: unknown): UnapprovedNotice['notice'] | null {
  const notice = (state as Partial<UnapprovedNotice> | null)?.notice;
  if (!notice || typeof notice.message !== 'string') return null;
  return { tone: notice.tone === 'success' ? 'success' : 'warning', message: notice.message };
}
