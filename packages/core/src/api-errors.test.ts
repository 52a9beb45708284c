import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { ADMIN_MESSAGES } from './admin/index.js';
import {
  API_ERROR_PARAM_CODES,
  API_ERROR_TEXTS,
  apiErrorCodeOf,
  genericApiErrorCode,
  isApiErrorCode,
  retryAnswer,
} from './api-errors.js';
import {
  AUTH_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  HTTP_MESSAGES,
  THEME_API_MESSAGES,
  USER_MESSAGES,
  retryMessage,
} from './api-messages.js';
import { FIELD_MESSAGES } from './field-messages.js';
import { SESSION_MESSAGES, TODO_MESSAGES, USERNAME_MESSAGES } from './messages.js';
import { OVERLOADED_CODE } from './net/retry.js';
import { OAUTH_API_MESSAGES, OAUTH_ERROR_MESSAGES } from './oauth/index.js';
import { MUSIC_API_MESSAGES, PLAYLIST_API_MESSAGES } from './playlists/messages.js';
import { PUSH_MESSAGES } from './push/index.js';
import { SETTINGS_MESSAGES, validateSettings } from './timer/settings.js';
import { SHARED_TIMER_MESSAGES } from './timer/shared-timer.js';

const codes = Object.keys(API_ERROR_TEXTS);

describe('API error codes', () => {
  it('give every text of every registry the API answers with a code of its own', () => {
    const registries = [
      AUTH_MESSAGES,
      EMAIL_CHANGE_MESSAGES,
      ACCOUNT_MESSAGES,
      USER_MESSAGES,
      USERNAME_MESSAGES,
      FIELD_MESSAGES,
      SETTINGS_MESSAGES,
      SESSION_MESSAGES,
      TODO_MESSAGES,
      SHARED_TIMER_MESSAGES,
      PUSH_MESSAGES,
      THEME_API_MESSAGES,
      PLAYLIST_API_MESSAGES,
      MUSIC_API_MESSAGES,
      ADMIN_MESSAGES,
      OAUTH_API_MESSAGES,
      OAUTH_ERROR_MESSAGES,
      HTTP_MESSAGES,
    ];
    // Field messages add two (common password, language), admin one (admin only) and auth one
    // (the login's missing fields): no code was lost to another with the same name.
    const texts = registries.reduce((sum, registry) => sum + Object.keys(registry).length, 0);
    expect(codes).toHaveLength(texts + 4);
    for (const registry of registries) {
      for (const text of Object.values(registry)) expect(apiErrorCodeOf(text)).toBeDefined();
    }
  });

  it('are area.name, except the codes clients already read (OVERLOADED, external sign-in)', () => {
    const legacy = new Set<string>([OVERLOADED_CODE, ...Object.keys(OAUTH_ERROR_MESSAGES)]);
    for (const code of [...codes, ...API_ERROR_PARAM_CODES]) {
      if (legacy.has(code)) continue;
      expect(code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
    }
    expect(apiErrorCodeOf(HTTP_MESSAGES.overloaded)).toBe('OVERLOADED');
    expect(apiErrorCodeOf(OAUTH_ERROR_MESSAGES.state_mismatch)).toBe('state_mismatch');
  });

  it('read back: the code of a text says that text', () => {
    for (const text of Object.values(API_ERROR_TEXTS)) {
      const code = apiErrorCodeOf(text);
      expect(code && API_ERROR_TEXTS[code]).toBe(text);
    }
    expect(apiErrorCodeOf(AUTH_MESSAGES.invalidCredentials)).toBe('auth.invalidCredentials');
    expect(apiErrorCodeOf(THEME_API_MESSAGES.tooManyThemes)).toBe('theme.tooManyThemes');
  });

  it('have no code for a text of no registry', () => {
    expect(apiErrorCodeOf('Invalid input: expected string, received number')).toBeUndefined();
    expect(apiErrorCodeOf('')).toBeUndefined();
    expect(isApiErrorCode('auth.invalidCredentials')).toBe(true);
    expect(isApiErrorCode('http.retryInSeconds')).toBe(true);
    expect(isApiErrorCode('auth.nope')).toBe(false);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(isApiErrorCode(42)).toBe(false);
  });

  it("give the settings' every refusal a code", () => {
    const errors = validateSettings({
      pomodoro_duration: 0,
      pomodoros_until_long_break: 99,
      alarm_volume: -1,
      daily_goal: 0,
      auto_start_breaks: 'yes',
      focus_end_sound: 'gong',
    });
    expect(Object.keys(errors)).toHaveLength(6);
    for (const text of Object.values(errors)) expect(apiErrorCodeOf(text)).toBeDefined();
  });

  it('mean in general what a status says, for a text of no registry', () => {
    expect(genericApiErrorCode(400)).toBe('http.badRequest');
    expect(genericApiErrorCode(401)).toBe('auth.tokenMissing');
    expect(genericApiErrorCode(404)).toBe('http.notFound');
    expect(genericApiErrorCode(415)).toBe('http.badRequest');
    expect(genericApiErrorCode(429)).toBe('http.tooManyRequests');
    expect(genericApiErrorCode(503)).toBe('http.internal');
  });
});

describe('retryAnswer', () => {
  it.each([
    [1, 'http.retryInSeconds', 1],
    [59, 'http.retryInSeconds', 59],
    [60, 'http.retryInMinutes', 1],
    [61, 'http.retryInMinutes', 2],
    [900, 'http.retryInMinutes', 15],
  ])('%i s: %s with count %i, in retryMessage words', (seconds, code, count) => {
    expect(retryAnswer(seconds)).toEqual({
      message: retryMessage(seconds),
      code,
      params: { count },
    });
  });
});
