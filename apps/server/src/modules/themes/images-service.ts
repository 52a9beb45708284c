import path from 'node:path';
import {
  THEME_API_MESSAGES,
  THEME_IMAGE_PROBLEM_MESSAGES,
  classifyThemeImage,
  type PictureColours,
  type ThemeImageValue,
} from '@focusroom/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { HttpError, badRequest, fieldError } from '../../lib/http-errors.js';
import type { ThemesRepository } from './repository.js';
import { UploadStore, pictureColours, reencodeUpload } from './uploads.js';

/** An image field of a payload, made ready to store: the URL to save, and the file it needs. */
export interface PreparedImage {
  url: string | null;
  /** A stored upload this URL points at: written (if new) and locked while the theme is saved. */
  upload?: { sha256: string; webp?: Buffer };
}

export type ImageField = 'image_url' | 'background_url';

/** The stored upload a saved URL refers to, if any. */
function uploadHashOf(url: string | null): string | null {
  const value = classifyThemeImage(url);
  return value.kind === 'stored' ? value.sha256 : null;
}

/**
 * The pictures of themes (product §5): uploads re-encoded and stored by content hash under
 * DATA_DIR/uploads, saved under their locks, and removed once no theme shows them.
 */
export class ThemeImagesService {
  /** The stored files, also served by the /uploads route. */
  readonly uploads: UploadStore;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config'>,
    private readonly repo: ThemesRepository,
  ) {
    this.uploads = new UploadStore(path.join(ctx.config.dataDir, 'uploads'));
  }

  /**
   * Turns a payload's image value into what is stored. An upload is decoded, checked and
   * re-encoded here (outside any lock or transaction: it is the slow part).
   */
  async prepare(field: ImageField, value: string | null | undefined): Promise<PreparedImage> {
    const image: ThemeImageValue = classifyThemeImage(value);
    switch (image.kind) {
      case 'none':
        return { url: null };
      case 'https':
        return { url: image.url };
      case 'stored':
        return { url: image.url, upload: { sha256: image.sha256 } };
      case 'invalid':
        throw fieldError(field, THEME_IMAGE_PROBLEM_MESSAGES[image.problem]);
      case 'data': {
        if (field !== 'image_url') throw fieldError(field, THEME_API_MESSAGES.backgroundUpload);
        let webp: Buffer;
        try {
          webp = await reencodeUpload(Buffer.from(image.base64, 'base64'));
        } catch (error) {
          // A refused upload is a field error; a busy server's 503 passes as it is.
          if (error instanceof HttpError && error.statusCode === 400) {
            throw fieldError(field, error.message);
          }
          throw error;
        }
        const sha256 = UploadStore.hashOf(webp);
        return { url: UploadStore.urlOf(sha256), upload: { sha256, webp } };
      }
    }
  }

  /**
   * The colours of the first of these pictures the server can read (an upload, in the order
   * given); null when none is an upload or none decodes. An https address is never fetched.
   */
  async firstPictureColours(images: PreparedImage[]): Promise<PictureColours | null> {
    for (const image of images) {
      if (!image.upload) continue;
      const webp = image.upload.webp ?? (await this.uploads.read(image.upload.sha256));
      if (!webp) continue;
      try {
        return await pictureColours(webp);
      } catch {
        // A stored file that no longer decodes: the next picture, or the defaults.
      }
    }
    return null;
  }

  /**
   * Runs `save` in one transaction that holds the lock of every upload the images use: in this
   * process (UploadStore.withFile) and, on PostgreSQL, across instances (an advisory lock per
   * file, held to the commit; decision 036). New files are written under the locks before the
   * theme is saved, and files named by an earlier answer must still exist. So a file is never
   * removed while a theme that uses it is being saved, by this instance or another. If the save
   * fails, files it wrote that no theme uses are removed again.
   */
  async withImages<T>(images: PreparedImage[], save: (trx: Db) => Promise<T>): Promise<T> {
    const uploads = [
      ...new Map(
        images.flatMap((image) => (image.upload ? [[image.upload.sha256, image.upload]] : [])),
      ).values(),
    ].sort((a, b) => a.sha256.localeCompare(b.sha256));
    const inTransaction = () =>
      this.ctx.db.transaction().execute(async (trx) => {
        await this.repo.lockUploads(
          trx,
          uploads.map((upload) => upload.sha256),
        );
        for (const upload of uploads) {
          if (upload.webp) await this.uploads.write(upload.sha256, upload.webp);
          else if (!(await this.uploads.exists(upload.sha256))) {
            throw badRequest(THEME_API_MESSAGES.imageUnknownUpload);
          }
        }
        return save(trx);
      });
    const locked = (index: number): Promise<T> => {
      const upload = uploads[index];
      if (!upload) return inTransaction();
      return this.uploads.withFile(upload.sha256, () => locked(index + 1));
    };
    try {
      return await locked(0);
    } catch (error) {
      for (const upload of uploads) {
        if (upload.webp) await this.removeIfUnused(upload.sha256);
      }
      throw error;
    }
  }

  /** After a theme let go of these URLs: removes each stored upload no theme uses any more. */
  async release(urls: (string | null)[]): Promise<void> {
    const hashes = new Set(urls.map(uploadHashOf).filter((h): h is string => h !== null));
    for (const sha256 of hashes) await this.removeIfUnused(sha256);
  }

  /**
   * Removes every stored upload no theme refers to. Run at start-up: a file can be left behind
   * by a process that ended between an account's deletion and the removal of its files, or by
   * a user row deleted outside the app (its themes go by ON DELETE CASCADE, their files stay).
   */
  async removeUnusedUploads(): Promise<number> {
    let removed = 0;
    for (const sha256 of await this.uploads.list()) {
      if (await this.removeIfUnused(sha256)) removed += 1;
    }
    return removed;
  }

  /**
   * Removes the stored upload if no theme refers to it, holding its locks (see withImages), so
   * no save that is about to use it can run in between. True when it was removed.
   */
  private removeIfUnused(sha256: string): Promise<boolean> {
    return this.uploads.withFile(sha256, () =>
      this.ctx.db.transaction().execute(async (trx) => {
        await this.repo.lockUploads(trx, [sha256]);
        if ((await this.repo.countReferences(UploadStore.urlOf(sha256), trx)) > 0) return false;
        await this.uploads.remove(sha256);
        return true;
      }),
    );
  }
}
