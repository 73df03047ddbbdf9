import { z } from 'zod';

export const roles = ['pending', 'sales_rep', 'manager', 'content_editor', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The roles an administrator can give; `pending` is only ever set by sign-up. */
export const assignableRoles = ['sales_rep', 'manager', 'content_editor', 'admin'] as const;
export const assignableRoleSchema = z.enum(assignableRoles, {
  error: 'Choose one of: Sales Representative, Sales Manager, Content Editor, Administrator.',
});
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

export const defaultApprovalRole: AssignableRole = 'sales_rep';

/** Labels and meanings of SPEC.md section 6, defined once for every screen. */
export const roleInfo: Record<Role, { label: string; description: string }> = {
  pending: { label: 'Pending', description: 'Blocked from the app until approved.' },
  sales_rep: {
    label: 'Sales Representative',
    description: 'Can create and manage sales decks',
  },
  manager: { label: 'Sales Manager', description: 'Can manage the team and view all decks' },
  content_editor: {
    label: 'Content Editor',
    description: 'Can edit and publish the slide library, and create decks',
  },
  admin: { label: 'Administrator', description: 'Full system access and user management' },
};

export const accountStatuses = ['pending_approval', 'approved', 'declined', 'removed'] as const;
export const accountStatusSchema = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const authProviders = ['password', 'google'] as const;
export type AuthProvider = (typeof authProviders)[number];

/** Who may edit and publish the content library (issue 16): content editors and admins. */
export const libraryEditorRoles = ['content_editor', 'admin'] as const satisfies readonly Role[];
export function canEditLibrary(role: Role): boolean {
  return (libraryEditorRoles as readonly Role[]).includes(role);
}
