import {
  ChangePasswordBodySchema,
  PasswordSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
} from '@focusroom/core/schemas';
import { COMMON_PASSWORD_MESSAGE } from '@focusroom/core';
import { isCommonPassword } from '../../lib/passwords.js';

/**
 * Server-side versions of the shared body schemas: the same rules plus the common-password
 * check, whose list ships only with the server. Failing it is a 400 field error like any other.
 */
export const NewPasswordSchema = PasswordSchema.refine((value) => !isCommonPassword(value), {
  message: COMMON_PASSWORD_MESSAGE,
});

export const RegisterRequestSchema = RegisterBodySchema.extend({ password: NewPasswordSchema });
export const ResetPasswordRequestSchema = ResetPasswordBodySchema.extend({
  newPassword: NewPasswordSchema,
});
export const ChangePasswordRequestSchema = ChangePasswordBodySchema.extend({
  newPassword: NewPasswordSchema,
});
