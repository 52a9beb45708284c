import { z } from 'zod';
import {
  AVATAR_URL_MAX_LENGTH,
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants.js';
import { USERNAME_MESSAGES } from '../messages.js';
import { FIELD_MESSAGES } from '../field-messages.js';
import { isValidAvatarValue } from '../avatar/avatar-values.js';
import { EMAIL_LINK_TOKEN_MAX_LENGTH } from '../account/email-links.js';
import { ErrorSchema, IdSchema, TimeZoneSchema } from './common.js';
import { LANGUAGE_INVALID_MESSAGE, LOCALES } from '../i18n/locales.js';

/** One of the languages the app speaks (decision 076). */
export const LanguageSchema = z.enum(LOCALES, { error: LANGUAGE_INVALID_MESSAGE });

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.emailTooLong)
  .pipe(z.email(FIELD_MESSAGES.emailInvalid));

export const UsernameSchema = z.string().trim().regex(USERNAME_PATTERN, USERNAME_MESSAGES.invalid);

export const NameSchema = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, FIELD_MESSAGES.nameTooLong);

/** Length rules only; the common-password check lives on the server, which ships the list. */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

export const RegisterBodySchema = z.object({
  name: NameSchema,
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/**
 * Login takes the identifier in `email` or `login` (product §7). Presence is checked by the
 * handler so the message is product §5's one sentence, not per-field errors.
 */
export const LoginBodySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  login: z.string().max(EMAIL_MAX_LENGTH).optional(),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .optional(),
  rememberMe: z.boolean().optional().default(true),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const UserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  username: z.string(),
  email: z.string(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
  role: z.enum(['user', 'admin']),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  time_zone: z.string().nullable(),
  created_at: z.string(),
  /**
   * False for an account made through an external provider that has not set a password yet
   * (docs/decisions/026). The server always sends it; a copy of the user stored before it
   * existed may lack it, so clients read a missing value as "has a password".
   */
  has_password: z.boolean().optional(),
  /**
   * A new address waiting for the link mailed to it (decision 050): until it is confirmed,
   * `email` stays the sign-in and recovery address. Null when none is waiting (or its link has
   * expired). Optional for a copy of the user stored before it existed.
   */
  pending_email: z.string().nullable().optional(),
  /**
   * The language the person chose (decision 076), for the app on every device and for the mails
   * sent to them; null until they choose. Optional for a copy of the user stored before it existed.
   */
  language: LanguageSchema.nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  message: z.string(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** A 403 to a right password: an error answer (its code too) with what the client acts on. */
export const LoginFailureSchema = ErrorSchema.extend({
  needsVerification: z.boolean().optional(),
  email: z.string().optional(),
});
export type LoginFailure = z.infer<typeof LoginFailureSchema>;

export const VerificationStatusSchema = z.object({ is_verified: z.boolean(), email: z.string() });
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const EmailBodySchema = z.object({ email: EmailSchema });
export type EmailBody = z.infer<typeof EmailBodySchema>;

export const TokenParamsSchema = z.object({
  token: z.string().min(1).max(EMAIL_LINK_TOKEN_MAX_LENGTH),
});

/** POST /auth/email-change/confirm and /undo: the token from the mailed link. */
export const EmailChangeTokenBodySchema = z.object({
  token: z.string({ error: FIELD_MESSAGES.linkHasNoToken }).min(1).max(EMAIL_LINK_TOKEN_MAX_LENGTH),
});
export type EmailChangeTokenBody = z.infer<typeof EmailChangeTokenBodySchema>;

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(EMAIL_LINK_TOKEN_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const VerifyResetTokenResponseSchema = z.object({ valid: z.literal(true) });

export const AvatarValueSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH)
  .refine(isValidAvatarValue, {
    message: FIELD_MESSAGES.avatar,
  });

/** PUT /users/me: any of these; privileged fields (role, is_admin, is_verified) are stripped. */
export const UpdateMeBodySchema = z.object({
  name: NameSchema.optional(),
  username: UsernameSchema.optional(),
  email: EmailSchema.optional(),
  bio: z.string().max(BIO_MAX_LENGTH, FIELD_MESSAGES.bioTooLong).nullable().optional(),
  avatarUrl: z
    .union([AvatarValueSchema, z.literal('')])
    .nullable()
    .optional(),
  time_zone: TimeZoneSchema.nullable().optional(),
  /** null forgets the choice: the app follows the browser again. */
  language: LanguageSchema.nullable().optional(),
  /**
   * Required by the server when `email` changes (a stolen session must not move the account). The
   * new address is then pending until confirmed (decision 050).
   */
  currentPassword: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, FIELD_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH * 4),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const DeleteAccountBodySchema = z.object({
  password: z
    .string()
    .min(1, FIELD_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
