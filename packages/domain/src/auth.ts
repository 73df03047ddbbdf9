import { z } from 'zod';
import { plainText } from './text.ts';
import { accountStatusSchema, authProviders, roleSchema } from './users.ts';

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** Field schemas, defined once and reused by every form and route. */
export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Please enter a valid email address.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters.`)
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters.`);

export const fullNameSchema = plainText('Full name', { requiredMessage: 'Full name is required.' })
  .trim()
  .min(1, 'Full name is required.')
  .max(120, 'Full name must be at most 120 characters.');

export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: fullNameSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** Sign-in checks only presence: length rules would tell an attacker about old passwords. */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(1024, 'Password is too long.'),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address first.' })
    .trim()
    .min(1, 'Please enter your email address first.')
    .pipe(emailSchema),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const tokenSchema = z
  .string({ error: 'The link is incomplete.' })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'The link is incomplete or damaged.');

export const passwordResetConfirmSchema = z.object({
  token: tokenSchema,
  password: passwordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export const acceptInviteRequestSchema = passwordResetConfirmSchema;
export type AcceptInviteRequest = z.input<typeof acceptInviteRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: accountStatusSchema,
  photoURL: z.string().nullable(),
  provider: z.enum(authProviders),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Error codes the auth endpoints answer with, which screens turn into the spec's messages. */
export const authErrorCodes = {
  invalidCredentials: 'invalid_credentials',
  pendingApproval: 'pending_approval',
  deactivated: 'deactivated',
  tooManyRequests: 'too_many_requests',
  emailTaken: 'email_taken',
  commonPassword: 'common_password',
  invalidToken: 'invalid_token',
  googleNotConfigured: 'google_not_configured',
  googleLinkNeedsPassword: 'google_link_needs_password',
} as const;

/** The user-facing messages of SPEC.md section 8 for the sign-in and reset flows. */
export const authMessages = {
  wrongCredentials:
    'Wrong email or password combination. Please check your credentials and try again.',
  disabled: 'This account has been disabled. Please contact support.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  pendingApproval: 'Your account is pending approval. Please contact an administrator.',
  deactivated: 'Your account has been deactivated. Please contact an administrator.',
  resetSent: 'Password reset email sent! Check your inbox.',
  resetInvalidEmail: 'Please enter a valid email address.',
  resetFailed: 'Failed to send password reset email.',
  resetNeedsEmail: 'Please enter your email address first.',
  signUpSuccess: 'Account created successfully! Please wait for admin approval.',
  googleFailed: 'Google sign in failed',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
  googleLinkNeedsPassword:
    'An account with this email address already exists. Sign in with its password once to link your Google account; after that, Continue with Google works too.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  emailTaken: 'An account with this email address already exists.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;
