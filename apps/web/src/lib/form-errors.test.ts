import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsFor, showServerFieldErrors } from './form-errors';

describe('fieldErrorsFor', () => {
  it('keeps the messages of the form’s own fields and drops the others', () => {
    const errors = { username: 'This username is already taken', role: 'Not allowed' };
    expect(fieldErrorsFor(errors, ['name', 'username'])).toEqual({
      username: 'This username is already taken',
    });
  });

  it('gives no errors when the server sent none', () => {
    expect(fieldErrorsFor(undefined, ['email'])).toEqual({});
  });

  it('ignores empty messages', () => {
    expect(fieldErrorsFor({ email: '' }, ['email'])).toEqual({});
  });
});

describe('showServerFieldErrors', () => {
  it('hands the form exactly its fields’ messages, replacing what it showed', () => {
    const form = { setErrors: vi.fn() };
    showServerFieldErrors(form, { currentPassword: 'Current password is incorrect', extra: 'x' }, [
      'currentPassword',
      'newPassword',
    ]);
    expect(form.setErrors).toHaveBeenCalledTimes(1);
    expect(form.setErrors).toHaveBeenCalledWith({
      currentPassword: 'Current password is incorrect',
    });
  });

  it('clears the form’s errors when the server named no field', () => {
    const form = { setErrors: vi.fn() };
    showServerFieldErrors(form, undefined, ['name']);
    expect(form.setErrors).toHaveBeenCalledWith({});
  });
});
