import type { Page } from '@playwright/test';

/**
 * What the eye sees behind text, measured from the screen (decision 056): the page is
 * photographed with every glyph made transparent, and for each piece of visible text the pixels
 * of its line boxes in that photograph are what it is read against. No guess from CSS: a lit
 * window of a picture showing through a translucent card counts, a scrim that covers it counts.
 */

/** One piece of text that reads below WCAG AA against what is behind it on screen. */
export interface UnreadableText {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  /** The pixel behind it that reads worst (r, g, b). */
  behind: [number, number, number];
}

interface TextBox {
  text: string;
  color: [number, number, number];
  needed: number;
  rects: Array<{ x: number; y: number; width: number; height: number }>;
}

/** The visible text on screen: its colour, the contrast it needs and its line boxes. */
function collectTextBoxes(): TextBox[] {
  const boxes: TextBox[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const parse = (css: string): [number, number, number, number] | null => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
    return m
      ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])]
      : null;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const element = node.parentElement;
    if (!text || !element) continue;
    // Disabled controls are exempt from WCAG 1.4.3; hidden text is not seen.
    if (element.closest('[disabled], [aria-disabled="true"], [data-disabled="true"]')) continue;
    if (element.closest('.mantine-VisuallyHidden-root, [hidden]')) continue;
    // Visually hidden for screen readers only: a 1 px box that clips its text.
    let clipped = false;
    for (let el: Element | null = element; el && !clipped; el = el.parentElement) {
      const box = el.getBoundingClientRect();
      clipped = (box.width <= 1 || box.height <= 1) && getComputedStyle(el).overflow !== 'visible';
    }
    if (clipped) continue;
    // Text in a fixed layer (a floating button's panel, a toast) is not the page's; those
    // layers are left out of the photograph as well (see unreadableTexts).
    let fixed = false;
    for (let el: Element | null = element; el && !fixed; el = el.parentElement) {
      fixed = getComputedStyle(el).position === 'fixed';
    }
    if (fixed) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible') continue;
    let opacity = 1;
    for (let el: Element | null = element; el; el = el.parentElement) {
      opacity *= Number(getComputedStyle(el).opacity);
    }
    if (opacity < 0.1) continue;
    const color = parse(style.color);
    // Text filled with a gradient (transparent colour, background clipped to the text) is
    // measured through the rest of its line, which shares its backdrop.
    if (!color || color[3] < 0.99) continue;
    // What of the text shows: within the viewport and every box that clips it (a line clamp,
    // a scrolled list).
    const clip = { left: 0, top: 0, right: viewport.width, bottom: viewport.height };
    for (let el: Element | null = element; el; el = el.parentElement) {
      const css = getComputedStyle(el);
      if (css.overflowX === 'visible' && css.overflowY === 'visible') continue;
      const box = el.getBoundingClientRect();
      clip.left = Math.max(clip.left, box.left);
      clip.top = Math.max(clip.top, box.top);
      clip.right = Math.min(clip.right, box.right);
      clip.bottom = Math.min(clip.bottom, box.bottom);
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()]
      .map((r) => {
        const left = Math.ceil(Math.max(clip.left, r.left));
        const top = Math.ceil(Math.max(clip.top, r.top));
        return {
          x: left,
          y: top,
          width: Math.floor(Math.min(clip.right, r.right)) - left,
          height: Math.floor(Math.min(clip.bottom, r.bottom)) - top,
        };
      })
      .filter((r) => r.width >= 2 && r.height >= 4);
    if (rects.length === 0) continue;
    // Clipped away (an overflow: hidden ancestor, a collapsed panel): not on screen.
    const first = rects[0]!;
    const hit = document.elementFromPoint(first.x + first.width / 2, first.y + first.height / 2);
    if (!hit || !(hit === element || element.contains(hit) || hit.contains(element))) continue;
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    boxes.push({
      text: text.slice(0, 60),
      color: [color[0], color[1], color[2]],
      needed: large ? 3 : 4.5,
      rects,
    });
  }
  return boxes;
}

/** Measures each box against the photograph (a PNG as base64) in the page's own canvas. */
async function measure(
  args: [string, TextBox[]],
): Promise<Array<{ index: number; ratio: number; behind: [number, number, number] }>> {
  const [png, boxes] = args;
  const image = new Image();
  image.src = `data:image/png;base64,${png}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0);
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (r: number, g: number, b: number) =>
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return boxes.map((box, index) => {
    const fg = luminance(...box.color);
    const ratios: Array<{ ratio: number; rgb: [number, number, number] }> = [];
    for (const rect of box.rects) {
      const data = context.getImageData(rect.x, rect.y, rect.width, rect.height).data;
      for (let i = 0; i < data.length; i += 4) {
        const rgb: [number, number, number] = [data[i]!, data[i + 1]!, data[i + 2]!];
        const bg = luminance(...rgb);
        ratios.push({ ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05), rgb });
      }
    }
    // The worst pixels but a hundredth (anti-aliased edges of a border or a rounded corner).
    ratios.sort((a, b) => a.ratio - b.ratio);
    const worst = ratios[Math.floor(ratios.length * 0.01)]!;
    return { index, ratio: Math.round(worst.ratio * 100) / 100, behind: worst.rgb };
  });
}

/** Every piece of visible text that reads below AA against what the screen shows behind it. */
export async function unreadableTexts(page: Page): Promise<UnreadableText[]> {
  const boxes = await page.evaluate(collectTextBoxes);
  // The layers fixed over the page (the corner buttons, toasts) are not what the page's text is
  // read against: they are left out of the photograph; the theme's background stays.
  await page.evaluate(() => {
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.id !== 'fr-theme-bg' && getComputedStyle(el).position === 'fixed') {
        el.setAttribute('data-readability-hidden', '');
      }
    }
  });
  const style = await page.addStyleTag({
    content:
      '[data-readability-hidden] { visibility: hidden !important; } ' +
      '*, *::before, *::after, ::placeholder { color: transparent !important; ' +
      '-webkit-text-fill-color: transparent !important; text-shadow: none !important; ' +
      'caret-color: transparent !important; text-decoration-color: transparent !important; }',
  });
  const png = (await page.screenshot({ animations: 'disabled' })).toString('base64');
  await style.evaluate((element) => (element as HTMLElement).remove());
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-readability-hidden]')) {
      el.removeAttribute('data-readability-hidden');
    }
  });
  const measured = await page.evaluate(measure, [png, boxes] as [string, TextBox[]]);
  return measured
    .filter(({ index, ratio }) => ratio < boxes[index]!.needed)
    .map(({ index, ratio, behind }) => {
      const box = boxes[index]!;
      return {
        text: box.text,
        ratio,
        needed: box.needed,
        color: `rgb(${box.color.join(', ')})`,
        behind,
      };
    });
}

/**
 * The average colour the screen shows in a rectangle of the viewport (CSS pixels), as
 * `[r, g, b]`, and its WCAG relative luminance.
 */
export async function averageScreenColour(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
): Promise<{ rgb: [number, number, number]; luminance: number }> {
  const png = (await page.screenshot({ clip: area, animations: 'disabled' })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const sum: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) {
      sum[0] += pixels[i]!;
      sum[1] += pixels[i + 1]!;
      sum[2] += pixels[i + 2]!;
    }
    const count = pixels.length / 4;
    const rgb = sum.map((s) => Math.round(s / count)) as [number, number, number];
    const linear = (c: number) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
    return { rgb, luminance: Math.round(luminance * 1000) / 1000 };
  }, png);
}
