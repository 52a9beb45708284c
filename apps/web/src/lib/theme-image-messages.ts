import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  THEME_IMAGE_UPLOAD_MAX_BYTES,
  THEME_IMAGE_URL_MAX_LENGTH,
  type ThemeImageProblem,
} from '@focusroom/core';

/**
 * Core's words for a theme's picture that the web app says itself before anything is sent (the
 * custom theme editor and the admin's standard theme form check the image the same way), in the
 * reader's language. Their English is core's, word for word (theme-image-messages.test.ts holds
 * them to it); what the server answers stays the server's.
 */

const maxLength = THEME_IMAGE_URL_MAX_LENGTH;
const maxMegabytes = THEME_IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

/** THEME_API_MESSAGES.imageFormat. */
export const IMAGE_FORMAT = msg`The upload is not an image we accept. Use a JPEG, PNG, WebP, GIF or AVIF image.`;
/** THEME_API_MESSAGES.imageTooLarge. */
export const IMAGE_TOO_LARGE = msg`Uploaded images must be at most ${maxMegabytes} MB`;

/** THEME_IMAGE_PROBLEM_MESSAGES, by problem. */
export const IMAGE_PROBLEMS: Record<ThemeImageProblem, MessageDescriptor> = {
  'not-allowed': msg`The image must be an https:// address or an uploaded image (data:image/...)`,
  'url-too-long': msg`Image addresses must be at most ${maxLength} characters`,
  'data-not-base64': msg`An uploaded image must be sent as data:image/...;base64,...`,
  'data-not-image': IMAGE_FORMAT,
  'upload-too-large': IMAGE_TOO_LARGE,
};
