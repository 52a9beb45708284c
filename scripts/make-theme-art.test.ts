import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STANDARD_THEMES, THEME_ART_PATH, THEME_MOTIONS, themeMotionFor } from '@focusroom/core';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The standard themes' art (product §3) is the output of scripts/make-theme-art.mjs: the script is
 * run into a temp dir and what it writes must be what is committed, small, and safe to serve as
 * an image (no scripts, no event handlers, nothing fetched from elsewhere).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const committedDir = path.join(root, 'apps/web/public/themes/art');
const MAX_BYTES = 200 * 1024;
const SVG_NS = 'http://www.w3.org/2000/svg';

let outDir: string;
const { DOMParser } = new JSDOM('').window;

const committedNamesFile = path.join(root, 'packages/core/src/themes/art-files.ts');
let namesFile: string;

beforeAll(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-theme-art-'));
  namesFile = path.join(outDir, '..', `${path.basename(outDir)}-art-files.ts`);
  execFileSync(process.execPath, [
    path.join(root, 'scripts/make-theme-art.mjs'),
    outDir,
    namesFile,
  ]);
});

afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(namesFile, { force: true });
});

const svgFiles = () =>
  fs
    .readdirSync(outDir)
    .filter((f) => f.endsWith('.svg'))
    .sort();

/** Parses strictly as XML; a parse error comes back as a <parsererror> document. */
function parse(file: string): Document {
  const text = fs.readFileSync(path.join(outDir, file), 'utf8');
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror'), `${file} parses as XML`).toHaveLength(0);
  return doc;
}

/** Every CSS rule text of the document's <style> elements, joined. */
function css(doc: Document): string {
  return Array.from(doc.getElementsByTagName('style'), (s) => s.textContent ?? '').join('\n');
}

describe('make-theme-art', () => {
  it('writes one SVG for each standard theme, named as core names its art', () => {
    const expected = STANDARD_THEMES.map((theme) => {
      expect(theme.image_url?.startsWith(THEME_ART_PATH)).toBe(true);
      return theme.image_url!.slice(THEME_ART_PATH.length);
    }).sort();
    expect(svgFiles()).toHaveLength(10);
    expect(svgFiles()).toEqual(expected);
  });

  it('names each file by the hash of its bytes, so a URL never serves other bytes', () => {
    for (const file of svgFiles()) {
      const hash = createHash('sha256')
        .update(fs.readFileSync(path.join(outDir, file)))
        .digest('hex')
        .slice(0, 10);
      expect(file).toMatch(new RegExp(`^[a-z-]+\\.${hash}\\.svg$`));
    }
  });

  it('keeps every file at or under 200 KB', () => {
    for (const file of svgFiles()) {
      expect(fs.statSync(path.join(outDir, file)).size, file).toBeLessThanOrEqual(MAX_BYTES);
    }
  });

  it('draws each file as an SVG root that fills any screen from the middle', () => {
    for (const file of svgFiles()) {
      const svg = parse(file).documentElement;
      expect(svg.namespaceURI, file).toBe(SVG_NS);
      expect(svg.localName, file).toBe('svg');
      expect(svg.getAttribute('viewBox'), file).toBe('0 0 1920 1080');
      expect(svg.getAttribute('preserveAspectRatio'), file).toBe('xMidYMid slice');
    }
  });

  it('has no scripts, event handlers, embedded HTML or external references', () => {
    for (const file of svgFiles()) {
      const doc = parse(file);
      for (const element of Array.from(doc.getElementsByTagName('*'))) {
        const where = `${file} <${element.localName}>`;
        expect(element.namespaceURI, where).toBe(SVG_NS);
        expect(['script', 'foreignObject', 'image', 'use', 'a'], where).not.toContain(
          element.localName,
        );
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name.toLowerCase().startsWith('on'), `${where} ${attribute.name}`).toBe(
            false,
          );
          if (attribute.localName === 'href') {
            expect(attribute.value, `${where} href`).toMatch(/^#/);
          }
          for (const [, target] of attribute.value.matchAll(/url\(\s*['"]?([^)'"]*)/g)) {
            expect(target, `${where} ${attribute.name}`).toMatch(/^#/);
          }
        }
      }
      const styles = css(doc);
      expect(styles, file).not.toMatch(/@import/i);
      for (const [, target] of styles.matchAll(/url\(\s*['"]?([^)'"]*)/g)) {
        expect(target, `${file} <style>`).toMatch(/^#/);
      }
    }
  });

  it('is still: nothing in a file moves, the page draws the moving parts (decision 030)', () => {
    for (const file of svgFiles()) {
      const doc = parse(file);
      expect(css(doc), file).not.toMatch(/@keyframes|animation/);
      expect(
        doc.querySelectorAll('animate, animateTransform, animateMotion, set'),
        file,
      ).toHaveLength(0);
    }
  });

  it("names in its README what the page moves over each file, as core's THEME_MOTIONS says", () => {
    const readme = fs.readFileSync(path.join(outDir, 'README.md'), 'utf8');
    const animated = Object.keys(THEME_MOTIONS);
    expect(animated.length).toBeGreaterThanOrEqual(3);
    for (const theme of STANDARD_THEMES) {
      const file = theme.image_url!.slice(THEME_ART_PATH.length);
      const row = readme.split('\n').find((line) => line.startsWith(`| ${file} `));
      const motion = themeMotionFor(theme.image_url);
      expect(row, file).toContain(motion ? motion.moves : 'none: still');
    }
  });

  it('is what is committed: the same files, byte for byte, README included', () => {
    const written = fs.readdirSync(outDir).sort();
    expect(fs.readdirSync(committedDir).sort()).toEqual(written);
    expect(written).toContain('README.md');
    for (const file of written) {
      const fresh = fs.readFileSync(path.join(outDir, file));
      const committed = fs.readFileSync(path.join(committedDir, file));
      expect(committed.equals(fresh), `${file} matches node scripts/make-theme-art.mjs`).toBe(true);
    }
    expect(fs.readFileSync(committedNamesFile, 'utf8')).toBe(fs.readFileSync(namesFile, 'utf8'));
  });
});
