// Renders the PWA icons (public/icons/*.png) from their SVG sources with the system Chromium,
// so the PNGs are reproducible from the drawings: `node apps/web/scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const iconsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const targets = [
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const target of targets) {
    const page = await browser.newPage({
      viewport: { width: target.size, height: target.size },
      deviceScaleFactor: 1,
    });
    const svg = readFileSync(path.join(iconsDir, target.source), 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace(
        '<svg ',
        `<svg width="${target.size}" height="${target.size}" `,
      )}</body></html>`,
    );
    await page.screenshot({ path: path.join(iconsDir, target.out), omitBackground: true });
    await page.close();
    console.log(`${target.out} (${target.size}px)`);
  }
} finally {
  await browser.close();
}
