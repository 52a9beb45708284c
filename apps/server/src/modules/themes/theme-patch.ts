import type { UpdateStandardThemeBody, UpdateThemeBody } from '@focusroom/core/schemas';
import type { ThemeImagesService, PreparedImage } from './images-service.js';
import type { ThemePatch } from './repository.js';

/**
 * The row changes for the fields sent of a theme (custom or standard): images prepared (an
 * upload stored), colours, name, description and the dark flag; `updated_at` always.
 */
export async function patchOf(
  images: ThemeImagesService,
  body: UpdateThemeBody | UpdateStandardThemeBody,
  now: string,
): Promise<{ patch: ThemePatch; prepared: PreparedImage[] }> {
  const patch: ThemePatch = { updated_at: now };
  const prepared: PreparedImage[] = [];
  for (const field of ['image_url', 'background_url'] as const) {
    if (body[field] === undefined) continue;
    const image = await images.prepare(field, body[field]);
    prepared.push(image);
    patch[field] = image.url;
  }
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description ?? '';
  for (const key of [
    'background_color',
    'text_color',
    'primary_color',
    'secondary_color',
    'accent_color',
  ] as const) {
    const value = body[key];
    if (value !== undefined) patch[key] = value;
  }
  if (body.is_dark !== undefined) patch.is_dark = body.is_dark ? 1 : 0;
  return { patch, prepared };
}
