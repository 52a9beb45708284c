import { ACCOUNT_MESSAGES, STORAGE_KEYS } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { coreTextInReaderLanguage } from '../../i18n';
import { isApiError, serverMessage } from '../../lib/api-client';
import type { ActionResult, AuthContextValue, ProfileUpdate } from '../../lib/auth-context';
import { readItem, removeItem } from '../../lib/storage';
import { writeStoredUser, writeToken } from './account-storage';
import { ACCOUNT_ANSWERS, AUTH_STATE_MESSAGES as WORDS } from './auth-messages';
import { clearSession, type MachineState } from './auth-session';

/**
 * What a signed-in user does to the account itself (product §4, §7): the profile, the password
 * and deleting the account. Each answers with the server's message and field errors.
 */

export type AccountActions = Pick<
  AuthContextValue,
  'updateProfile' | 'changePassword' | 'deleteAccount'
>;

/** The machine's actions on the account, on its state. */
export function createAccountActions(state: MachineState): AccountActions {
  const { store, api } = state;

  async function updateProfile(update: ProfileUpdate): Promise<ActionResult & { user?: User }> {
    const gen = state.generation;
    try {
      const user = await api.updateMe(update);
      const token = store.getState().token;
      // The answer to our own update is the truth: no merge, or a removed avatar would return.
      if (gen === state.generation && token) {
        writeStoredUser(user);
        store.setState({ status: 'authenticated', user, token, initialized: true });
      }
      return { success: true, user };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, t`Your profile could not be saved. Please try again.`),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  async function changePassword(
    currentPassword: string,
    newPassword: string,
  ): Promise<ActionResult> {
    try {
      const response = await api.changePassword(currentPassword, newPassword);
      // A server that rotates the session on password change sends the new token.
      if (typeof response?.token === 'string' && response.token) {
        writeToken(response.token);
        store.setState({ token: response.token });
      }
      const message = response?.message;
      return {
        success: true,
        message:
          message === undefined
            ? t`Your password has been changed.`
            : coreTextInReaderLanguage(message, ACCOUNT_MESSAGES, ACCOUNT_ANSWERS),
      };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, t`Your password could not be changed. Please try again.`),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  async function deleteAccount(password: string): Promise<ActionResult> {
    try {
      const response = await api.deleteAccount(password);
      const userId = store.getState().user?.id;
      // The account is gone: nothing of it is kept for a next login.
      if (userId && readItem(STORAGE_KEYS.lastUserId) === userId) {
        removeItem(STORAGE_KEYS.lastUserId);
        removeItem(STORAGE_KEYS.lastAvatarUrl);
      }
      clearSession(state);
      return {
        success: true,
        message: coreTextInReaderLanguage(
          response?.message ?? ACCOUNT_MESSAGES.accountDeleted,
          ACCOUNT_MESSAGES,
          ACCOUNT_ANSWERS,
        ),
      };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, i18n._(WORDS.accountDeleteFailed)),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  return { updateProfile, changePassword, deleteAccount };
}
