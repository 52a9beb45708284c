import {
  DEFAULT_PLAYLIST_NAME,
  MUSIC_API_MESSAGES,
  PLAYLIST_API_MESSAGES,
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
} from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { PLAYLIST_CORE_WORDS, descriptionTooLong, nameTooLong } from './page-messages';
import { trackCountLabel } from './track-count';

describe("core's words on the playlists pages", () => {
  it('are in English exactly what core says', () => {
    expect(i18n._(PLAYLIST_CORE_WORDS.defaultName)).toBe(DEFAULT_PLAYLIST_NAME);
    expect(i18n._(PLAYLIST_CORE_WORDS.nameRequired)).toBe(PLAYLIST_API_MESSAGES.nameRequired);
    expect(i18n._(nameTooLong(PLAYLIST_NAME_MAX_LENGTH))).toBe(PLAYLIST_API_MESSAGES.nameTooLong);
    expect(i18n._(descriptionTooLong(PLAYLIST_DESCRIPTION_MAX_LENGTH))).toBe(
      PLAYLIST_API_MESSAGES.descriptionTooLong,
    );
    expect(i18n._(PLAYLIST_CORE_WORDS.queryRequired)).toBe(MUSIC_API_MESSAGES.queryRequired);
    expect(i18n._(PLAYLIST_CORE_WORDS.linkRequired)).toBe(MUSIC_API_MESSAGES.linkRequired);
    expect(i18n._(PLAYLIST_CORE_WORDS.searchAccessDenied)).toBe(
      MUSIC_API_MESSAGES.searchAccessDenied,
    );
    expect(i18n._(PLAYLIST_CORE_WORDS.resolveUnavailable)).toBe(
      MUSIC_API_MESSAGES.resolveUnavailable,
    );
  });
});

describe('trackCountLabel', () => {
  it('counts tracks in English plural forms', () => {
    expect(i18n._(trackCountLabel(0))).toBe('0 tracks');
    expect(i18n._(trackCountLabel(1))).toBe('1 track');
    expect(i18n._(trackCountLabel(12))).toBe('12 tracks');
  });
});
