import fs from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_DIR } from './env.js';

/** Decodes quoted-printable soft breaks and escapes, enough to read links out of an .eml. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for a mail to `to` whose link contains `pathPart` and returns that link. The server
 * writes every mail to DATA_DIR/outbox as an .eml when no SMTP_URL is set.
 */
export async function waitForMailLink(
  to: string,
  pathPart: '/verify-email/' | '/reset-password/' | '/confirm-email/' | '/undo-email-change/',
  { timeoutMs = 15_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathPart}[A-Za-z0-9_-]+`);
  while (Date.now() < deadline) {
    const files = await fs.readdir(OUTBOX_DIR).catch(() => [] as string[]);
    const candidates: { link: string; mtime: number }[] = [];
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const full = path.join(OUTBOX_DIR, file);
      const stat = await fs.stat(full);
      if (stat.mtimeMs < after) continue;
      const raw = decodeQuotedPrintable(await fs.readFile(full, 'utf8'));
      if (!new RegExp(`^To:.*${escapeRegExp(to)}`, 'im').test(raw)) continue;
      const match = pattern.exec(raw);
      if (match) candidates.push({ link: match[0], mtime: stat.mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime);
    if (candidates[0]) return candidates[0].link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} with a ${pathPart} link within ${timeoutMs} ms`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
