import { describe, expect, it } from 'vitest';
import { THEME_API_MESSAGES } from '../api-messages.js';
import {
  CreateThemeBodySchema,
  ThemePayloadSchema,
  ThemePreferenceBodySchema,
  ThemeReportBodySchema,
  UpdateThemeBodySchema,
} from './themes.js';

const valid = {
  name: '  Rainy desk ',
  background_color: '#101820',
  text_color: '#fff',
  primary_color: '#7c3aed',
  secondary_color: '#A78BFA',
  accent_color: '#f97316',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('the custom theme payload', () => {
  it('trims the name and ignores the fields that are the server’s', () => {
    const parsed = CreateThemeBodySchema.parse({
      ...valid,
      id: 'x',
      user_id: 'y',
      is_standard: true,
      is_default: true,
    });
    expect(parsed.name).toBe('Rainy desk');
    expect(parsed).not.toHaveProperty('is_default');
    expect(parsed).not.toHaveProperty('user_id');
  });

  it('needs a name of 1-60 characters that is not a retired theme name', () => {
    expect(firstMessage(CreateThemeBodySchema.safeParse({ ...valid, name: '   ' }))).toBe(
      THEME_API_MESSAGES.nameRequired,
    );
    expect(firstMessage(CreateThemeBodySchema.safeParse({ ...valid, name: 'x'.repeat(61) }))).toBe(
      THEME_API_MESSAGES.nameTooLong,
    );
    expect(CreateThemeBodySchema.safeParse({ ...valid, name: 'x'.repeat(60) }).success).toBe(true);
    expect(firstMessage(CreateThemeBodySchema.safeParse({ ...valid, name: 'Forest Green' }))).toBe(
      THEME_API_MESSAGES.nameRetired,
    );
  });

  it('takes colours written #rgb or #rrggbb, and lets a custom theme leave them out', () => {
    expect(
      firstMessage(CreateThemeBodySchema.safeParse({ ...valid, accent_color: 'orange' })),
    ).toBe(THEME_API_MESSAGES.color);
    // What the React client sends (decision 058): the server derives the colours.
    const { text_color: _dropped, ...withoutText } = valid;
    expect(CreateThemeBodySchema.safeParse(withoutText).success).toBe(true);
    expect(
      CreateThemeBodySchema.parse({
        name: 'Harbour',
        description: 'Boats',
        image_url: 'https://example.com/a.jpg',
        is_public: true,
      }),
    ).toEqual({
      name: 'Harbour',
      description: 'Boats',
      image_url: 'https://example.com/a.jpg',
      is_public: true,
    });
    // A standard theme (the admin's) still names all five.
    expect(firstMessage(ThemePayloadSchema.safeParse(withoutText))).toBe(THEME_API_MESSAGES.color);
  });

  it('takes an https image or an upload, and background_url never as an upload', () => {
    expect(
      CreateThemeBodySchema.safeParse({ ...valid, image_url: 'https://example.com/a.jpg' }).success,
    ).toBe(true);
    expect(
      firstMessage(CreateThemeBodySchema.safeParse({ ...valid, image_url: 'http://x.com/a.jpg' })),
    ).toBe(THEME_API_MESSAGES.imageNotAllowed);
    expect(
      firstMessage(
        UpdateThemeBodySchema.safeParse({ background_url: 'data:image/png;base64,iVBORw0KGgo=' }),
      ),
    ).toBe(THEME_API_MESSAGES.backgroundUpload);
    expect(UpdateThemeBodySchema.safeParse({ image_url: null, background_url: null }).success).toBe(
      true,
    );
  });

  it('lets an update send any subset of the fields', () => {
    expect(UpdateThemeBodySchema.parse({})).toEqual({});
    expect(UpdateThemeBodySchema.parse({ is_public: true })).toEqual({ is_public: true });
  });
});

describe('the preference and report bodies', () => {
  it('need a theme_id and a reason of 1-500 characters', () => {
    expect(firstMessage(ThemePreferenceBodySchema.safeParse({}))).toBe(
      THEME_API_MESSAGES.themeIdRequired,
    );
    expect(firstMessage(ThemeReportBodySchema.safeParse({ reason: ' ' }))).toBe(
      THEME_API_MESSAGES.reasonRequired,
    );
    expect(firstMessage(ThemeReportBodySchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      THEME_API_MESSAGES.reasonTooLong,
    );
  });
});
