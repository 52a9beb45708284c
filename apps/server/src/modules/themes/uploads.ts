import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  THEME_API_MESSAGES,
  THEME_IMAGE_MAX_DIMENSION_PX,
  THEME_IMAGE_MAX_INPUT_PIXELS,
  storedUploadUrl,
  type PictureColours,
} from '@focusroom/core';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { HttpError, badRequest } from '../../lib/http-errors.js';
import { ImageDecodeBusyError, runImageDecode } from '../../lib/image-decoding.js';
import { KeyedMutex } from '../../lib/keyed-mutex.js';

// No decoded-image cache (uploads are one-off) and one libvips thread per image: an upload is
// rare, and the server's memory stays small (bench/themes-latency.ts measures both). How many
// images are decoded at once is bounded apart (lib/image-decoding.ts, decision 061).
sharp.cache(false);
sharp.concurrency(1);

/** The raster formats accepted, by what their first bytes say (never the declared type). */
type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** sharp's `metadata().format` for each sniffed format. */
const SHARP_FORMAT: Record<SniffedFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the bytes are in, from their magic numbers; null for anything else. */
export function sniffImageFormat(bytes: Buffer): SniffedFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (
    startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))
  ) {
    return 'avif';
  }
  return null;
}

/** Text that looks like SVG or other XML/HTML markup (refused with its own message). */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') || /<svg[\s>]/i.test(head);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Re-encodes an upload (product §5): sniffed by its bytes, refused unless it is a JPEG, PNG,
 * GIF, WebP or AVIF image of at most THEME_IMAGE_MAX_INPUT_PIXELS pixels (checked from the
 * header before anything is decoded, so a decompression bomb costs nothing), turned upright,
 * scaled down to fit 2560 px each way and written as WebP without any metadata (sharp copies
 * none unless asked: no EXIF location, no ICC profile, no comments). Only the first frame of an
 * animation is kept.
 */
export async function reencodeUpload(bytes: Buffer): Promise<Buffer> {
  const format = sniffImageFormat(bytes);
  if (!format) {
    throw badRequest(
      looksLikeMarkup(bytes) ? THEME_API_MESSAGES.imageSvg : THEME_API_MESSAGES.imageFormat,
    );
  }
  const options: SharpOptions = {
    limitInputPixels: THEME_IMAGE_MAX_INPUT_PIXELS,
    failOn: 'error',
    animated: false,
    // Rows are decoded as the resize needs them instead of the whole image first (sharp's
    // default today; said here because the memory bound counts on it).
    sequentialRead: true,
  };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw badRequest(
      isPixelLimitError(error)
        ? THEME_API_MESSAGES.imageTooManyPixels
        : THEME_API_MESSAGES.imageUnreadable,
    );
  }
  // The decoder sharp would use must agree with the magic number.
  if (metadata.format !== SHARP_FORMAT[format]) throw badRequest(THEME_API_MESSAGES.imageFormat);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels <= 0) throw badRequest(THEME_API_MESSAGES.imageUnreadable);
  if (pixels > THEME_IMAGE_MAX_INPUT_PIXELS)
    throw badRequest(THEME_API_MESSAGES.imageTooManyPixels);
  try {
    // The header said nothing wrong: the decode waits for its turn (or is refused, queue full).
    return await runImageDecode(() =>
      sharp(bytes, options)
        .rotate()
        .resize({
          width: THEME_IMAGE_MAX_DIMENSION_PX,
          height: THEME_IMAGE_MAX_DIMENSION_PX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof ImageDecodeBusyError) {
      const seconds = String(error.retryAfterSeconds);
      throw new HttpError(503, THEME_API_MESSAGES.imageBusy, {}, { 'retry-after': seconds });
    }
    throw badRequest(
      isPixelLimitError(error)
        ? THEME_API_MESSAGES.imageTooManyPixels
        : THEME_API_MESSAGES.imageUnreadable,
    );
  }
}

/** The side of the small copy a picture's colours are read from (decision 058). */
const COLOUR_SAMPLE_PX = 64;

/**
 * The dominant and average colours of a stored WebP (decision 058), read from a small copy
 * without its alpha channel: sharp's 4096-bin histogram for the dominant colour, the channel
 * means for the average.
 */
export async function pictureColours(webp: Buffer): Promise<PictureColours> {
  const small = await sharp(webp, { failOn: 'error' })
    .resize(COLOUR_SAMPLE_PX, COLOUR_SAMPLE_PX, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .png()
    .toBuffer();
  const stats = await sharp(small).stats();
  const [r, g, b] = stats.channels;
  return {
    dominant: stats.dominant,
    mean: { r: r?.mean ?? 0, g: g?.mean ?? 0, b: b?.mean ?? 0 },
  };
}

/**
 * Stored uploads: DATA_DIR/uploads/<sha256 of the WebP>.webp, served at /uploads/<hash>.webp.
 * Equal images share one file; the themes service removes a file once no theme refers to it.
 */
export class UploadStore {
  /**
   * Per file: storing it and inserting the theme that uses it, against counting its references
   * and removing it, so a file is never removed while a theme that uses it is being saved.
   */
  private readonly locks = new KeyedMutex();

  constructor(readonly dir: string) {}

  static hashOf(webp: Buffer): string {
    return createHash('sha256').update(webp).digest('hex');
  }

  static urlOf(sha256: string): string {
    return storedUploadUrl(sha256);
  }

  filePath(sha256: string): string {
    return path.join(this.dir, `${sha256}.webp`);
  }

  /** Runs `task` while no other task for this file runs (see KeyedMutex). */
  withFile<T>(sha256: string, task: () => Promise<T>): Promise<T> {
    return this.locks.run(sha256, task);
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      await fs.promises.access(this.filePath(sha256));
      return true;
    } catch {
      return false;
    }
  }

  /** Writes the file unless it is there already; a temp file and a rename, so never half. */
  async write(sha256: string, webp: Buffer): Promise<void> {
    if (await this.exists(sha256)) return;
    await fs.promises.mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.${sha256}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.promises.writeFile(temp, webp, { mode: 0o644 });
    await fs.promises.rename(temp, this.filePath(sha256));
  }

  /** The content hashes of every stored file. */
  async list(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const match = /^([0-9a-f]{64})\.webp$/.exec(name);
      return match?.[1] ? [match[1]] : [];
    });
  }

  /** The stored file, or null when it is not there (any more). */
  async read(sha256: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.filePath(sha256));
    } catch {
      return null;
    }
  }

  async remove(sha256: string): Promise<void> {
    await fs.promises.rm(this.filePath(sha256), { force: true });
  }
}
