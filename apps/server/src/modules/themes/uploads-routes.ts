import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import type { UploadStore } from './uploads.js';

const FILE_NAME = /^([0-9a-f]{64})\.webp$/;

/**
 * The headers of a stored upload: it is named by its content hash, so it never changes (cached
 * for a year); it is only ever an image, so nothing sniffs it into something else, and should
 * anyone open it as a page, nothing in it may run or load.
 */
export const UPLOAD_HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** /uploads/<sha256>.webp: the re-encoded images of custom themes (product §5). */
export const uploadsRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (
  app,
  { store },
) => {
  app.get('/:file', {
    schema: {
      tags: ['themes'],
      summary: 'A custom theme image stored from an upload (WebP)',
      params: z.object({ file: z.string() }),
    },
    handler: async (request, reply) => {
      const match = FILE_NAME.exec(request.params.file);
      if (!match?.[1]) throw notFound();
      const file = store.filePath(match[1]);
      let size: number;
      try {
        size = (await fs.promises.stat(file)).size;
      } catch {
        throw notFound();
      }
      return reply
        .headers({ ...UPLOAD_HEADERS, 'content-length': String(size) })
        .send(fs.createReadStream(file));
    },
  });
};
