import { z } from 'zod';
import { IdSchema } from './common.js';
import { THEME_API_MESSAGES } from '../api-messages.js';
import {
  THEME_DESCRIPTION_MAX_LENGTH,
  THEME_IMAGE_MAX_DIMENSION_PX,
  THEME_IMAGE_UPLOAD_MAX_BYTES,
  THEME_NAME_MAX_LENGTH,
  THEME_REPORT_REASON_MAX_LENGTH,
} from '../constants.js';
import { THEME_COLOR_PATTERN } from '../themes/colors.js';
import { isRetiredThemeName } from '../themes/filters.js';
import { THEME_IMAGE_PROBLEM_MESSAGES, classifyThemeImage } from '../themes/image.js';

/**
 * A theme as the API answers it (product §3); `username` (the creator) on public themes.
 * `is_hidden` and `hidden_reason` (the admin JSON's names) only ever on the asker's own custom
 * themes: a moderator's decision is told to the owner and to nobody else (decision 031).
 */
export const ThemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  background_color: z.string(),
  text_color: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  is_dark: z.boolean(),
  is_default: z.boolean(),
  is_standard: z.boolean(),
  image_url: z.string().nullable(),
  background_url: z.string().nullable().describe('Preferred over image_url when both are set'),
  user_id: z.string().nullable().describe('The creator; null for the standard themes'),
  created_at: z.string(),
  is_public: z.boolean(),
  username: z.string().optional().describe("The creator's username, on public custom themes"),
  is_hidden: z
    .boolean()
    .optional()
    .describe('Only on your own custom themes: a moderator hid it from the gallery'),
  hidden_reason: z
    .string()
    .nullable()
    .optional()
    .describe("Only on your own custom themes: the moderator's reason while hidden, else null"),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const ThemeListSchema = z.array(ThemeSchema);

/** GET /themes/lists: the theme check's three lists in one answer (decision 041). */
export const ThemeListsSchema = z.object({
  standard: ThemeListSchema.describe('As GET /themes answers'),
  custom: ThemeListSchema.describe('As GET /themes/custom/user answers'),
  public: ThemeListSchema.describe('As GET /themes/custom/public answers'),
});
export type ThemeLists = z.infer<typeof ThemeListsSchema>;

/**
 * Path parameter: a malformed id (not UUID-shaped, or thousands of characters) answers 400; a
 * well-formed id of a theme you may not see answers 404, as one that does not exist.
 */
export const ThemeIdParamsSchema = z.object({ id: IdSchema });

const NameSchema = z
  .string({ error: THEME_API_MESSAGES.nameRequired })
  .trim()
  .min(1, THEME_API_MESSAGES.nameRequired)
  .max(THEME_NAME_MAX_LENGTH, THEME_API_MESSAGES.nameTooLong)
  .refine((name) => !isRetiredThemeName(name), { error: THEME_API_MESSAGES.nameRetired });

const DescriptionSchema = z
  .string({ error: THEME_API_MESSAGES.descriptionTooLong })
  .trim()
  .max(THEME_DESCRIPTION_MAX_LENGTH, THEME_API_MESSAGES.descriptionTooLong)
  .nullable();

const ColorSchema = z
  .string({ error: THEME_API_MESSAGES.color })
  .regex(THEME_COLOR_PATTERN, THEME_API_MESSAGES.color);

const FlagSchema = z.boolean({ error: THEME_API_MESSAGES.booleanField });

/** image_url: an https address, a data:image/...;base64 upload (2 MB), a stored upload, or none. */
const ImageUrlSchema = z
  .string({ error: THEME_API_MESSAGES.imageNotAllowed })
  .nullable()
  .superRefine((value, ctx) => {
    const image = classifyThemeImage(value);
    if (image.kind === 'invalid') {
      ctx.addIssue({ code: 'custom', message: THEME_IMAGE_PROBLEM_MESSAGES[image.problem] });
    }
  })
  .describe(
    `An https:// address, a data:image/...;base64 upload of at most ` +
      `${THEME_IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB (stored re-encoded as WebP within ` +
      `${THEME_IMAGE_MAX_DIMENSION_PX} px, answered as /uploads/<sha256>.webp), ` +
      'a /uploads/... address answered before, or null',
  );

/** background_url: like image_url without uploads (upload the image as image_url). */
const BackgroundUrlSchema = z
  .string({ error: THEME_API_MESSAGES.imageNotAllowed })
  .nullable()
  .superRefine((value, ctx) => {
    const image = classifyThemeImage(value);
    if (image.kind === 'data') {
      ctx.addIssue({ code: 'custom', message: THEME_API_MESSAGES.backgroundUpload });
    } else if (image.kind === 'invalid') {
      ctx.addIssue({ code: 'custom', message: THEME_IMAGE_PROBLEM_MESSAGES[image.problem] });
    }
  })
  .describe('An https:// address, a /uploads/... address answered before, or null');

const THEME_PAYLOAD_FIELDS = {
  name: NameSchema,
  description: DescriptionSchema.optional(),
  background_color: ColorSchema,
  text_color: ColorSchema,
  primary_color: ColorSchema,
  secondary_color: ColorSchema,
  accent_color: ColorSchema,
  is_dark: FlagSchema.optional(),
  is_public: FlagSchema.optional(),
  image_url: ImageUrlSchema.optional(),
  background_url: BackgroundUrlSchema.optional(),
};

/** A theme's fields with the name and the five colours required (the admin's standard themes). */
export const ThemePayloadSchema = z.object(THEME_PAYLOAD_FIELDS);

/** A colour a custom theme may leave out (decision 058). */
const DerivedColorSchema = (what: string) =>
  ColorSchema.optional().describe(`Optional: when left out, ${what}`);

/**
 * POST /themes/custom: the name is required; the five colours, description, is_dark, is_public
 * (default false) and the images are optional. A colour left out is derived (decision 058):
 * the background from an uploaded picture (else the default theme's), the text colour and
 * is_dark to agree with the background, the rest the default theme's. id, user_id, is_default,
 * is_standard and created_at are the server's and ignored, like any unknown field.
 */
export const CreateThemeBodySchema = z.object({
  ...THEME_PAYLOAD_FIELDS,
  background_color: DerivedColorSchema(
    "the dominant colour of an uploaded picture (image_url or background_url as data: or a /uploads/ address); the default theme's for an https address, which the server does not fetch, or no picture",
  ),
  text_color: DerivedColorSchema(
    'near-black or near-white, whichever reads better on the background',
  ),
  primary_color: DerivedColorSchema("the default theme's"),
  secondary_color: DerivedColorSchema(
    "the average colour of an uploaded picture, else the default theme's",
  ),
  accent_color: DerivedColorSchema("the default theme's"),
  is_dark: FlagSchema.optional().describe(
    'Optional: when left out, whether the background is dark (light text reads better on it)',
  ),
});
export type CreateThemeBody = z.infer<typeof CreateThemeBodySchema>;

/** PUT /themes/custom/{id}: any of the create fields; the rest stay as they are. */
export const UpdateThemeBodySchema = z.object(THEME_PAYLOAD_FIELDS).partial();
export type UpdateThemeBody = z.infer<typeof UpdateThemeBodySchema>;

/** PUT /themes/user: the chosen theme (clients send only non-numeric ids, product §5). */
export const ThemePreferenceBodySchema = z.object({
  theme_id: z
    .string({ error: THEME_API_MESSAGES.themeIdRequired })
    .trim()
    .min(1, THEME_API_MESSAGES.themeIdRequired)
    .describe('A theme you may see; any other value answers 404'),
});
export type ThemePreferenceBody = z.infer<typeof ThemePreferenceBodySchema>;

/** POST /themes/{id}/report. */
export const ThemeReportBodySchema = z.object({
  reason: z
    .string({ error: THEME_API_MESSAGES.reasonRequired })
    .trim()
    .min(1, THEME_API_MESSAGES.reasonRequired)
    .max(THEME_REPORT_REASON_MAX_LENGTH, THEME_API_MESSAGES.reasonTooLong),
});
export type ThemeReportBody = z.infer<typeof ThemeReportBodySchema>;
