#!/usr/bin/env node
// Draws the art of the ten standard themes (product §3) as SVG: layered gradients, shapes and
// paths made for Focusroom, no third-party images. Deterministic: every random choice comes from
// a PRNG seeded by the file's name, and numbers are rounded the same way each run, so running it
// again writes the same bytes (scripts/make-theme-art.test.ts holds the committed files to that).
//   node scripts/make-theme-art.mjs                        -> apps/web/public/themes/art/ and
//                                                             packages/core/src/themes/art-files.ts
//   node scripts/make-theme-art.mjs <out-dir> <names-file> -> there (the test writes to a temp dir)
// Each file is named <theme>.<first 10 hex of its SHA-256>.svg, so its URL changes with its bytes
// and the server can let browsers cache it for a year (immutable).
// Every file is a still picture. The moving parts of the animated art (lights, motes, rain) are
// not in the files: the web app draws them over the picture on a canvas at a few frames a
// second (packages/core/src/themes/motion.ts, decision 030). An SVG drawn as a CSS background
// repaints the whole screen on every frame of its own animation and cannot see the page's
// reduced-motion setting, which cost most of a CPU core without a GPU.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const W = 1920;
const H = 1080;

// ---------------------------------------------------------------------------------------------
// Numbers, randomness, paths

/** One decimal is finer than a pixel at any screen size the art is shown at, and keeps files small. */
function n(value) {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** mulberry32: a small, fast PRNG whose output depends only on its 32-bit seed. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random source seeded by a name (FNV-1a), with helpers for ranges and picks. */
function randomFor(name) {
  let hash = 2166136261;
  for (const char of name) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  const next = mulberry32(hash);
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

/** A polyline path through `points` ([x, y] pairs). */
function line(points) {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
}

/** A smooth path through `points` (Catmull-Rom turned into cubic Béziers). */
function smooth(points) {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** Closes an open path along the bottom of the picture (for hills, ridges, waves). */
function toBottom(d, fromX, toX, bottom = H + 20) {
  return `${d}L${n(toX)} ${n(bottom)}L${n(fromX)} ${n(bottom)}Z`;
}

/** Samples `f(x)` every `step` px from `from` to `to` inclusive. */
function sample(f, from, to, step) {
  const points = [];
  for (let x = from; x < to + step / 2; x += step) points.push([x, f(x)]);
  return points;
}

/**
 * A mountain ridge by midpoint displacement: 2^levels + 1 points from x = -40 to W + 40 around
 * `y`, each level's jitter `rough` times the one before (lower is smoother).
 */
function ridgePoints(rnd, { y, amplitude, rough = 0.55, levels = 7, tilt = 0, peaks = [] }) {
  const count = 2 ** levels + 1;
  const heights = new Array(count).fill(0);
  heights[0] = rnd.range(-1, 1) * amplitude + tilt;
  heights[count - 1] = rnd.range(-1, 1) * amplitude - tilt;
  let spread = amplitude;
  for (let size = count - 1; size > 1; size /= 2) {
    for (let start = 0; start < count - 1; start += size) {
      const mid = start + size / 2;
      heights[mid] = (heights[start] + heights[start + size]) / 2 + rnd.range(-1, 1) * spread;
    }
    spread *= rough;
  }
  const span = W + 80;
  return heights.map((h, i) => {
    const x = -40 + (span * i) / (count - 1);
    // A peak [x, height, half-width] lifts the ridge into a summit with straight-ish flanks.
    const lift = peaks.reduce(
      (sum, [px, height, half]) => sum + height * Math.max(0, 1 - Math.abs(x - px) / half) ** 1.3,
      0,
    );
    return [x, y + h - lift];
  });
}

/** The ridge's height at `x`, read off its points (linear between them). */
function heightAt(points, x) {
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    if (x >= x0 && x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return points[points.length - 1][1];
}

// ---------------------------------------------------------------------------------------------
// SVG pieces

/** A gradient stop: [offset 0..1, colour, opacity?]. */
function stops(list) {
  return list
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${n(offset * 100)}%" stop-color="${color}"${
          opacity === undefined ? '' : ` stop-opacity="${opacity}"`
        }/>`,
    )
    .join('');
}

/** A vertical gradient in picture coordinates from y1 to y2. */
function vertical(id, y1, y2, list) {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${n(y1)}" x2="0" y2="${n(y2)}">${stops(list)}</linearGradient>`;
}

/** A linear gradient in picture coordinates. */
function linear(id, [x1, y1, x2, y2], list) {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`;
}

/** A radial gradient over each shape's own box (soft blobs, glows). */
function radial(id, list, extra = '') {
  return `<radialGradient id="${id}"${extra}>${stops(list)}</radialGradient>`;
}

/** A radial gradient in picture coordinates (light falling on a wall, a sun's glow). */
function radialAt(id, [cx, cy, r], list, extra = '') {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${extra}>${stops(list)}</radialGradient>`;
}

/** The whole document: 1920x1080, cropped to fill any screen from the middle. */
function document({ title, defs, body }) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">\n` +
    `<title>${title}</title>\n` +
    `<defs>${defs.join('')}</defs>\n` +
    `${body.join('\n')}\n` +
    '</svg>\n'
  );
}

/** Small round lights: `count` circles, one subpath each, in a single path. */
function dots(list) {
  return list
    .map(
      ([x, y, r]) =>
        `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`,
    )
    .join('');
}

/** A night sky's stars in three brightnesses. */
function stars(rnd, { count, top = 0, bottom, fill = '#fff', dim = 1 }) {
  const groups = [[], [], []];
  for (let i = 0; i < count; i++) {
    const y = top + (bottom - top) * rnd.next() ** 1.4;
    groups[rnd.int(0, 2)].push([rnd.range(0, W), y, rnd.range(0.6, 1.7)]);
  }
  return groups
    .map(
      (list, i) =>
        `<path fill="${fill}" opacity="${n([0.35, 0.6, 0.9][i] * dim)}" d="${dots(list)}"/>`,
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// The ten pictures

/** Abstract: soft geometric shapes in violet, coral and amber drifting over deep violet. */
function abstract() {
  const defs = [
    linear(
      'bg',
      [0, 0, W, H],
      [
        [0, '#2a1850'],
        [0.55, '#1f1535'],
        [1, '#2b1230'],
      ],
    ),
    linear(
      'shapeA',
      [0, 0, 1, 1],
      [
        [0, '#a78bfa', 0.5],
        [1, '#6d28d9', 0.15],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    linear(
      'shapeB',
      [0, 0, 1, 1],
      [
        [0, '#f9a8d4', 0.4],
        [1, '#fb7185', 0.08],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    linear(
      'shapeC',
      [0, 1, 1, 0],
      [
        [0, '#fbbf24', 0.35],
        [1, '#f472b6', 0.05],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
  ];

  const body = [
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    // The soft violet, coral and amber lights drift on the page's canvas (core THEME_MOTIONS).
    // Large, quiet shapes at the edges; the middle stays open for the timer.
    `<rect x="1240" y="-120" width="520" height="520" rx="120" transform="rotate(18 1500 140)" fill="url(#shapeA)"/>`,
    `<circle cx="260" cy="250" r="210" fill="none" stroke="#f9a8d4" stroke-opacity=".28" stroke-width="26"/>`,
    `<path d="M-80 1180A430 430 0 0 1 780 1180Z" fill="url(#shapeB)"/>`,
    `<path d="M1540 1130L1860 560L2080 1130Z" fill="url(#shapeC)"/>`,
    `<rect x="120" y="520" width="260" height="260" rx="70" transform="rotate(-14 250 650)" fill="url(#shapeC)"/>`,
    `<circle cx="1320" cy="470" r="90" fill="url(#shapeA)"/>`,
    `<circle cx="700" cy="120" r="46" fill="none" stroke="#fbbf24" stroke-opacity=".35" stroke-width="8"/>`,
    `<path d="M1000 860l120-30" stroke="#c4b5fd" stroke-opacity=".35" stroke-width="10" stroke-linecap="round"/><path d="M1030 900l120-30" stroke="#c4b5fd" stroke-opacity=".25" stroke-width="10" stroke-linecap="round"/>`,
  ];
  // Motes of light rise on the page's canvas (core THEME_MOTIONS).
  return document({ title: 'Abstract', defs, body });
}

/** Cityscape: a skyline at dusk in three depths, lit windows, and a slow, faint rain. */
function cityscape() {
  const rnd = randomFor('cityscape');
  const defs = [
    vertical('sky', 0, 820, [
      [0, '#0f1233'],
      [0.45, '#2b2360'],
      [0.75, '#6b3a7a'],
      [0.92, '#d9776a'],
      [1, '#f3a76b'],
    ]),
    radialAt(
      'glow',
      [1380, 800, 700],
      [
        [0, '#f59e0b', 0.35],
        [1, '#f59e0b', 0],
      ],
    ),
    vertical('far', 480, 900, [
      [0, '#4b3f7a'],
      [1, '#3a2f63'],
    ]),
    vertical('mid', 560, 1000, [
      [0, '#2a2452'],
      [1, '#1e1a3d'],
    ]),
    vertical('near', 640, 1080, [
      [0, '#141230'],
      [1, '#0b0a1c'],
    ]),
    vertical('haze', 700, 1080, [
      [0, '#6366f1', 0],
      [1, '#1e1b4b', 0.55],
    ]),
  ];

  // The rain falls on the page's canvas (core THEME_MOTIONS). Its streaks were drawn here from
  // the same random source: draw as many numbers, so the skyline after them stays as it was.
  for (let i = 0; i < 14 * 3; i++) rnd.next();

  /** One row of buildings: a silhouette path and its lit windows in three groups. */
  function skyline({ baseY, minH, maxH, minW, maxW, windowP, windowSize, gap = [-4, 14] }) {
    let silhouette = '';
    const windows = [[], [], []];
    let x = -rnd.range(0, 60);
    while (x < W + 40) {
      const w = rnd.range(minW, maxW);
      const h = rnd.range(minH, maxH);
      const top = baseY - h;
      silhouette += `M${n(x)} ${H + 10}V${n(top)}H${n(x + w)}V${H + 10}Z`;
      const roof = rnd.next();
      if (roof < 0.2) {
        // A stepped crown.
        silhouette += `M${n(x + w * 0.2)} ${n(top + 1)}V${n(top - h * 0.08)}H${n(x + w * 0.8)}V${n(top + 1)}Z`;
      } else if (roof < 0.35) {
        // An antenna.
        const ax = x + w * rnd.range(0.3, 0.7);
        silhouette += `M${n(ax - 2)} ${n(top + 1)}V${n(top - rnd.range(30, 90))}H${n(ax + 2)}V${n(top + 1)}Z`;
      } else if (roof < 0.45) {
        // A pitched roof.
        silhouette += `M${n(x)} ${n(top + 1)}L${n(x + w / 2)} ${n(top - w * 0.35)}L${n(x + w)} ${n(top + 1)}Z`;
      }
      if (windowP > 0) {
        const [ww, wh] = windowSize;
        const cols = Math.max(1, Math.floor((w - 12) / (ww * 2.2)));
        const gapX = (w - cols * ww) / (cols + 1);
        for (let wy = top + 16; wy < H - 10; wy += wh * 2.1) {
          for (let c = 0; c < cols; c++) {
            if (!rnd.chance(windowP)) continue;
            const wx = x + gapX + c * (ww + gapX);
            windows[rnd.next() < 0.82 ? 0 : rnd.chance(0.5) ? 1 : 2].push(
              `M${n(wx)} ${n(wy)}h${n(ww)}v${n(wh)}h${n(-ww)}Z`,
            );
          }
        }
      }
      x += w + rnd.range(gap[0], gap[1]);
    }
    return { silhouette, windows };
  }

  const far = skyline({
    baseY: 900,
    minH: 180,
    maxH: 420,
    minW: 50,
    maxW: 120,
    windowP: 0,
    windowSize: [0, 0],
    gap: [-20, -2],
  });
  const mid = skyline({
    baseY: 980,
    minH: 160,
    maxH: 380,
    minW: 70,
    maxW: 150,
    windowP: 0.16,
    windowSize: [5, 8],
  });
  const near = skyline({
    baseY: 1080,
    minH: 140,
    maxH: 330,
    minW: 110,
    maxW: 220,
    windowP: 0.22,
    windowSize: [8, 12],
  });

  const moon = `<circle cx="420" cy="210" r="46" fill="#fde7c8" opacity=".85"/><circle cx="420" cy="210" r="130" fill="#fde7c8" opacity=".06"/>`;
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    stars(rnd, { count: 90, bottom: 420, dim: 0.5 }),
    moon,
    `<path fill="url(#far)" d="${far.silhouette}"/>`,
    `<path fill="url(#mid)" d="${mid.silhouette}"/>`,
    `<path fill="#fcd34d" opacity=".55" d="${mid.windows[0].join('')}"/>`,
    `<path fill="#a5b4fc" opacity=".5" d="${mid.windows[1].join('')}"/>`,
    `<path fill="#fdba74" opacity=".55" d="${mid.windows[2].join('')}"/>`,
    `<rect y="700" width="${W}" height="380" fill="url(#haze)"/>`,
    `<path fill="url(#near)" d="${near.silhouette}"/>`,
    `<path fill="#fcd34d" opacity=".8" d="${near.windows[0].join('')}"/>`,
    `<path fill="#93c5fd" opacity=".65" d="${near.windows[1].join('')}"/>`,
    `<path fill="#fb923c" opacity=".7" d="${near.windows[2].join('')}"/>`,
  ];
  return document({ title: 'Cityscape', defs, body });
}

/** A paper texture: faint short fibres scattered over the picture, in two tones. */
function paperFibres(rnd, count, [light, dark], darkOpacity = 0.12) {
  const groups = [[], []];
  for (let i = 0; i < count; i++) {
    const x = rnd.range(0, W);
    const y = rnd.range(0, H);
    const len = rnd.range(8, 34);
    const angle = rnd.range(0, Math.PI);
    const bend = rnd.range(-4, 4);
    const dx = Math.cos(angle) * len;
    const dy = Math.sin(angle) * len;
    groups[i % 2].push(
      `M${n(x)} ${n(y)}q${n(dx / 2 + bend)} ${n(dy / 2 - bend)} ${n(dx)} ${n(dy)}`,
    );
  }
  return [
    `<path fill="none" stroke="${light}" stroke-width="1.2" stroke-opacity=".5" d="${groups[0].join('')}"/>`,
    `<path fill="none" stroke="${dark}" stroke-width="1" stroke-opacity="${darkOpacity}" d="${groups[1].join('')}"/>`,
  ].join('\n');
}

/** Classic Light: warm paper on a bright desk, window light falling across it. */
function classicLight() {
  const rnd = randomFor('classic-light');
  const defs = [
    linear(
      'desk',
      [0, 0, W, H],
      [
        [0, '#f7efe2'],
        [0.6, '#efe3cf'],
        [1, '#e4d3b8'],
      ],
    ),
    linear(
      'sheet',
      [0, 0, 0, 1],
      [
        [0, '#fffdf8'],
        [1, '#f8f1e4'],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    radialAt(
      'sun',
      [340, 120, 1300],
      [
        [0, '#fffaf0', 0.9],
        [0.6, '#fff7e6', 0.25],
        [1, '#fff7e6', 0],
      ],
    ),
    radialAt(
      'vignette',
      [960, 540, 1250],
      [
        [0.55, '#8a6a3f', 0],
        [1, '#8a6a3f', 0.28],
      ],
    ),
    linear(
      'beam',
      [0, 0, 1, 1],
      [
        [0, '#ffffff', 0.42],
        [1, '#ffffff', 0],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
  ];
  const sheet = (x, y, w, h, angle, shadowOpacity) =>
    `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})">` +
    `<rect x="${x + 14}" y="${y + 18}" width="${w}" height="${h}" rx="4" fill="#7a5a33" opacity="${shadowOpacity}"/>` +
    `<rect x="${x + 6}" y="${y + 8}" width="${w}" height="${h}" rx="4" fill="#7a5a33" opacity="${shadowOpacity}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="url(#sheet)"/>` +
    '</g>';
  // Ruled lines on the front sheet: very light so they read as texture, not as text to follow.
  let rules = '';
  for (let y = 300; y < 1060; y += 44) rules += `M1140 ${y}H1720`;
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#desk)"/>`,
    // The desk's grain: long, faint, slightly wavy lines.
    `<path fill="none" stroke="#b08a5a" stroke-opacity=".07" stroke-width="3" d="${Array.from(
      { length: 18 },
      (_, i) => {
        const y0 = 30 + i * 60 + rnd.range(-14, 14);
        const wave = rnd.range(260, 520);
        const amp = rnd.range(6, 16);
        return smooth(sample((x) => y0 + amp * Math.sin(x / wave + i), -20, W + 20, 120));
      },
    ).join('')}"/>`,
    sheet(1060, 200, 760, 980, -4, 0.1),
    sheet(1110, 240, 700, 900, 3, 0.12),
    `<g transform="rotate(3 1460 690)"><path fill="none" stroke="#93c5fd" stroke-opacity=".35" stroke-width="2" d="${rules}"/><path d="M1200 240V1140" stroke="#f87171" stroke-opacity=".3" stroke-width="2"/></g>`,
    sheet(90, -140, 520, 420, 8, 0.08),
    // A pencil resting on the desk.
    `<g transform="rotate(-28 820 890)"><rect x="640" y="880" width="360" height="22" rx="3" fill="#7a5a33" opacity=".12" transform="translate(8 12)"/><rect x="640" y="880" width="300" height="22" fill="#f2b84b"/><rect x="640" y="880" width="300" height="7" fill="#f7cd6d"/><rect x="610" y="880" width="34" height="22" rx="3" fill="#e6a1a1"/><rect x="636" y="880" width="12" height="22" fill="#c0c0c0"/><path d="M940 880L1000 891L940 902Z" fill="#e8c9a0"/><path d="M982 887.7L1000 891L982 894.3Z" fill="#3f3f46"/></g>`,
    paperFibres(rnd, 1400, ['#fffaf0', '#7a5a33']),
    `<rect width="${W}" height="${H}" fill="url(#sun)"/>`,
    // Window light in soft diagonal panes.
    `<g opacity=".55"><path d="M-100 -60L520 -60L1300 1140L520 1140Z" fill="url(#beam)"/><path d="M600 -60L820 -60L1600 1140L1380 1140Z" fill="url(#beam)"/></g>`,
    `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
  ];
  return document({ title: 'Classic Light', defs, body });
}

/** A row of pines along a ridge: one path, a jagged tiered silhouette per tree plus its trunk. */
function pineRow(rnd, ridge, { minH, maxH, gap, density = 1 }) {
  let d = '';
  for (let x = -40; x < W + 40; x += gap * rnd.range(0.5, 1.2)) {
    if (!rnd.chance(density)) continue;
    const h = rnd.range(minH, maxH);
    // Sunk into the ridge so the gaps beside the trunk show the hill, not the sky.
    const base = heightAt(ridge, x) + h * 0.2 + rnd.range(2, 10);
    const w = h * rnd.range(0.32, 0.42);
    const tiers = rnd.int(4, 7);
    const left = [];
    const right = [];
    for (let i = 0; i < tiers; i++) {
      const t = i / tiers;
      const y = base - h * (0.08 + 0.84 * t);
      const half = (w / 2) * (1 - t * 0.88);
      const inner = half * 0.42;
      const notch = (h * 0.84) / tiers;
      left.push([x - half * rnd.range(0.9, 1.1), y], [x - inner, y - notch * 0.45]);
      right.push([x + inner, y - notch * 0.45], [x + half * rnd.range(0.9, 1.1), y]);
    }
    const apex = [x + rnd.range(-1.5, 1.5), base - h];
    const outline = [[x - w * 0.04, base], ...left, apex, ...right.reverse(), [x + w * 0.04, base]];
    d += `${line(outline)}Z`;
  }
  return d;
}

/** Forest: layered pines in morning mist, the far rows pale, the near ones deep green. */
function forest() {
  const rnd = randomFor('forest');
  const layers = [
    { y: 520, amp: 40, color: '#9fbfb0', minH: 50, maxH: 90, gap: 22 },
    { y: 610, amp: 50, color: '#79a391', minH: 70, maxH: 130, gap: 30 },
    { y: 720, amp: 60, color: '#4f7f6b', minH: 100, maxH: 190, gap: 42 },
    { y: 850, amp: 60, color: '#2d5a47', minH: 150, maxH: 280, gap: 60 },
    { y: 1000, amp: 50, color: '#163628', minH: 230, maxH: 420, gap: 90 },
  ];
  const defs = [
    vertical('sky', 0, 700, [
      [0, '#b9d3cf'],
      [0.55, '#dfe9df'],
      [1, '#f3efdc'],
    ]),
    radialAt(
      'sun',
      [1320, 380, 620],
      [
        [0, '#fff8dc', 0.95],
        [0.25, '#fdf0c4', 0.5],
        [1, '#fdf0c4', 0],
      ],
    ),
    vertical('mist', 0, 1, [
      [0, '#eef4ee', 0],
      [0.5, '#eef4ee', 0.6],
      [1, '#eef4ee', 0],
    ]).replace('gradientUnits="userSpaceOnUse" ', ''),
    vertical('floor', 900, 1080, [
      [0, '#0f271d', 0],
      [1, '#0b1f16', 0.8],
    ]),
  ];
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#sun)"/>`,
  ];
  layers.forEach((layer, i) => {
    const ridge = ridgePoints(rnd, { y: layer.y, amplitude: layer.amp, rough: 0.5, levels: 6 });
    body.push(
      `<path fill="${layer.color}" d="${toBottom(smooth(ridge), -40, W + 40)}${pineRow(rnd, ridge, layer)}"/>`,
    );
    // Mist settles between the rows, thinner towards the front.
    if (i < layers.length - 1) {
      const top = layer.y + 10 + layer.amp * 0.3;
      body.push(
        `<rect x="0" y="${n(top)}" width="${W}" height="${n(160 - i * 18)}" fill="url(#mist)" opacity="${[0.9, 0.8, 0.6, 0.45][i]}"/>`,
      );
    }
  });
  body.push(`<rect y="900" width="${W}" height="180" fill="url(#floor)"/>`);
  return document({ title: 'Forest', defs, body });
}

/** Minimalist: a calm, light room: a wall, a floor, and the soft light of an arched window. */
function minimalist() {
  const rnd = randomFor('minimalist');
  const floorY = 800;
  const defs = [
    vertical('wall', 0, floorY, [
      [0, '#e7e3f2'],
      [1, '#f4f2f9'],
    ]),
    vertical('floor', floorY, H, [
      [0, '#dedaea'],
      [1, '#cfcadf'],
    ]),
    linear(
      'light',
      [0, 0, 0, 1],
      [
        [0, '#ffffff', 0.85],
        [1, '#ffffff', 0.35],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    linear(
      'floorLight',
      [0, 0, 0, 1],
      [
        [0, '#ffffff', 0.55],
        [1, '#ffffff', 0],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    radialAt(
      'soft',
      [1160, 450, 900],
      [
        [0, '#ffffff', 0.6],
        [1, '#ffffff', 0],
      ],
    ),
    radialAt(
      'corner',
      [960, 520, 1200],
      [
        [0.5, '#a1a1aa', 0],
        [1, '#71717a', 0.22],
      ],
    ),
  ];
  // The window light: an arch cast on the wall, slanting onto the floor.
  const arch = (x, y, w, h) =>
    `M${x} ${y + h}V${y + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2}V${y + h}Z`;
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>`,
    `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>`,
    `<rect y="${floorY - 2}" width="${W}" height="3" fill="#d4d1dc"/>`,
    `<rect width="${W}" height="${H}" fill="url(#soft)"/>`,
    `<path d="${arch(1020, 190, 280, 610)}" fill="url(#light)"/>`,
    `<path d="M1020 ${floorY}H1300L1460 ${H}H1080Z" fill="url(#floorLight)"/>`,
    // The window's cross bar, as shadow inside the light.
    `<path d="M1160 260V${floorY}M1020 490H1300" stroke="#d9d6e2" stroke-width="12" opacity=".5"/>`,
    paperFibres(rnd, 700, ['#ffffff', '#52525b'], 0.06),
    `<rect width="${W}" height="${H}" fill="url(#corner)"/>`,
  ];
  return document({ title: 'Minimalist', defs, body });
}

/** Sunset Orange: a low sun over layered hills in orange and rose, thin clouds across it. */
function sunsetOrange() {
  const rnd = randomFor('sunset-orange');
  const defs = [
    vertical('sky', 0, 760, [
      [0, '#3b1d4a'],
      [0.35, '#9d2f5a'],
      [0.65, '#e8603c'],
      [0.88, '#f9a03f'],
      [1, '#fcd36a'],
    ]),
    radialAt(
      'halo',
      [960, 640, 760],
      [
        [0, '#fff1b8', 0.85],
        [0.18, '#fcd34d', 0.45],
        [1, '#f97316', 0],
      ],
    ),
    vertical('sun', 500, 760, [
      [0, '#fff7d6'],
      [1, '#fcd34d'],
    ]),
    linear(
      'cloud',
      [0, 0, 1, 0],
      [
        [0, '#fda4af', 0],
        [0.5, '#fecdd3', 0.55],
        [1, '#fda4af', 0],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
  ];
  const hills = [
    { y: 690, amp: 45, color: '#c2415d' },
    { y: 760, amp: 55, color: '#8f2d56' },
    { y: 850, amp: 60, color: '#5e1f47' },
    { y: 950, amp: 55, color: '#3a1530' },
    { y: 1040, amp: 40, color: '#24101f' },
  ];
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#halo)"/>`,
    `<circle cx="960" cy="640" r="120" fill="url(#sun)"/>`,
  ];
  // Long thin clouds, lit from below.
  for (let i = 0; i < 9; i++) {
    const y = rnd.range(140, 560);
    const w = rnd.range(380, 900);
    const x = rnd.range(-200, W - w + 200);
    body.push(
      `<ellipse cx="${n(x + w / 2)}" cy="${n(y)}" rx="${n(w / 2)}" ry="${n(rnd.range(5, 14))}" fill="url(#cloud)" opacity="${n(rnd.range(0.4, 0.9))}"/>`,
    );
  }
  hills.forEach((hill, i) => {
    // Rolling hills: a few long sine waves rather than jagged ridges.
    const a = rnd.range(0, 6);
    const b = rnd.range(0, 6);
    const f = (x) =>
      hill.y +
      hill.amp * Math.sin(x / rnd.range(230, 240) / (1 + i * 0.15) + a) * 0.6 +
      hill.amp * Math.sin(x / 520 + b) * 0.8;
    body.push(
      `<path fill="${hill.color}" d="${toBottom(smooth(sample(f, -40, W + 40, 80)), -40, W + 40)}"/>`,
    );
  });
  // Two birds, far off.
  body.push(
    `<path fill="none" stroke="#3b1d4a" stroke-opacity=".6" stroke-width="3" stroke-linecap="round" d="M1240 430q12-10 24 0q12-10 24 0M1320 470q9-8 18 0q9-8 18 0"/>`,
  );
  return document({ title: 'Sunset Orange', defs, body });
}

/** Ocean Blue: an open sky and a sea of slow waves drifting sideways, smaller towards the horizon. */
function oceanBlue() {
  const rnd = randomFor('ocean-blue');
  const horizon = 560;
  const defs = [
    vertical('sky', 0, horizon, [
      [0, '#3b82c4'],
      [0.6, '#8cc4e8'],
      [1, '#dff1fa'],
    ]),
    radialAt(
      'sunGlow',
      [1380, 300, 520],
      [
        [0, '#ffffff', 0.8],
        [0.2, '#fffbe6', 0.4],
        [1, '#fffbe6', 0],
      ],
    ),
    vertical('sea', horizon, H, [
      [0, '#5aa6cf'],
      [0.35, '#1f6fa3'],
      [1, '#0c3a63'],
    ]),
    linear(
      'glint',
      [0, 0, 0, 1],
      [
        [0, '#ffffff', 0.5],
        [1, '#ffffff', 0],
      ],
    ).replace('gradientUnits="userSpaceOnUse" ', ''),
    radial('cloud', [
      [0, '#ffffff', 0.9],
      [0.6, '#ffffff', 0.5],
      [1, '#ffffff', 0],
    ]),
  ];
  const waves = [
    { y: horizon + 24, amp: 4, period: 160, speed: 60, colors: ['#4f9bc6', '#3d8abb'] },
    { y: horizon + 70, amp: 7, period: 240, speed: 52, colors: ['#3b87b8', '#2c77aa'] },
    { y: horizon + 140, amp: 11, period: 320, speed: 44, colors: ['#2a76a9', '#1d6598'] },
    { y: horizon + 240, amp: 16, period: 480, speed: 36, colors: ['#1c6396', '#135385'] },
    { y: horizon + 370, amp: 22, period: 640, speed: 30, colors: ['#124f80', '#0c3d69'] },
  ];
  const body = [
    `<rect width="${W}" height="${horizon + 2}" fill="url(#sky)"/>`,
    `<rect width="${W}" height="${horizon}" fill="url(#sunGlow)"/>`,
  ];
  // Soft clouds: clusters of white blobs.
  const clouds = [];
  for (let c = 0; c < 5; c++) {
    const cx = rnd.range(100, W - 100);
    const cy = rnd.range(90, 380);
    for (let i = 0; i < 6; i++) {
      const rx = rnd.range(60, 140);
      clouds.push(
        `<ellipse cx="${n(cx + rnd.range(-160, 160))}" cy="${n(cy + rnd.range(-20, 20))}" rx="${n(rx)}" ry="${n(rx * rnd.range(0.3, 0.45))}" fill="url(#cloud)" opacity="${n(rnd.range(0.35, 0.7))}"/>`,
      );
    }
  }
  body.push(`<g>${clouds.join('')}</g>`);
  body.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>`);
  waves.forEach((wave, i) => {
    // One period of a few harmonics repeats exactly, so sliding by a period loops seamlessly.
    const p1 = rnd.range(0, 6);
    const p2 = rnd.range(0, 6);
    const f = (x) =>
      wave.y +
      wave.amp * Math.sin((2 * Math.PI * x) / wave.period + p1) +
      wave.amp * 0.35 * Math.sin((4 * Math.PI * x) / wave.period + p2);
    const points = sample(f, 0, W + wave.period, wave.period / 8);
    const crest = smooth(points);
    body.push(
      `<g><path fill="${wave.colors[0]}" d="${toBottom(crest, 0, W + wave.period)}"/>` +
        `<path fill="none" stroke="#e0f2fe" stroke-opacity="${n(0.18 + i * 0.04)}" stroke-width="${n(1.5 + i * 0.6)}" d="${crest}"/></g>`,
    );
  });
  // The sun's path on the water.
  body.push(`<path d="M1350 ${horizon}H1410L1600 ${H}H1160Z" fill="url(#glint)" opacity=".3"/>`);
  return document({ title: 'Ocean Blue', defs, body });
}

/** Mountain Peaks: snowy ridges in front, paler and bluer ones behind, mist in the valleys. */
function mountainPeaks() {
  const rnd = randomFor('mountain-peaks');
  const defs = [
    vertical('sky', 0, 700, [
      [0, '#9ec5e6'],
      [0.6, '#d6e7f3'],
      [1, '#eef5fa'],
    ]),
    vertical('mist', 0, 1, [
      [0, '#eef5fa', 0],
      [0.6, '#eef5fa', 0.7],
      [1, '#eef5fa', 0],
    ]).replace('gradientUnits="userSpaceOnUse" ', ''),
    linear(
      'shade',
      [0, 0, W, 0],
      [
        [0, '#ffffff', 0.12],
        [1, '#1e293b', 0.18],
      ],
    ),
  ];
  // Each layer: a rough ridge around y, lifted into summits [x, height, half-width].
  const layers = [
    {
      y: 560,
      amp: 40,
      color: '#b7cce0',
      snow: '#f3f7fb',
      peaks: [
        [380, 190, 400],
        [1560, 150, 340],
      ],
    },
    {
      y: 650,
      amp: 50,
      color: '#93adc7',
      snow: '#eef3f9',
      peaks: [
        [1120, 380, 560],
        [160, 170, 360],
      ],
    },
    {
      y: 780,
      amp: 55,
      color: '#6a86a3',
      snow: '#e4ecf4',
      peaks: [
        [560, 230, 440],
        [1720, 270, 420],
      ],
    },
    { y: 900, amp: 45, color: '#435b78', snow: null, peaks: [[1300, 120, 520]] },
    { y: 1010, amp: 28, color: '#22324a', snow: null, peaks: [] },
  ];
  const body = [`<rect width="${W}" height="${H}" fill="url(#sky)"/>`];
  layers.forEach((layer, i) => {
    const ridge = ridgePoints(rnd, {
      y: layer.y,
      amplitude: layer.amp,
      rough: 0.55,
      levels: 7,
      peaks: layer.peaks,
    });
    body.push(`<path fill="${layer.color}" d="${toBottom(line(ridge), -40, W + 40)}"/>`);
    let snow = '';
    let shadow = '';
    for (const [px, height, half] of layer.peaks) {
      const around = ridge.filter(([x]) => Math.abs(x - px) < half);
      const summit = around.reduce((top, point) => (point[1] < top[1] ? point : top));
      // The flank away from the light (which comes from the left) lies in shadow.
      const flank = around.filter(([x]) => x > summit[0]);
      shadow += `${line([summit, ...flank, [summit[0] + half * 0.2, layer.y + layer.amp]])}Z`;
      if (!layer.snow) continue;
      // Snow on the top of the summit, deeper near the top, with a ragged lower edge.
      const snowLine = summit[1] + height * 0.45;
      const top = summit[0];
      let from = ridge.indexOf(summit);
      let to = from;
      while (from > 0 && ridge[from - 1][1] < snowLine && top - ridge[from - 1][0] < half) from--;
      while (to < ridge.length - 1 && ridge[to + 1][1] < snowLine && ridge[to + 1][0] - top < half)
        to++;
      const cap = ridge.slice(from, to + 1);
      if (cap.length < 2) continue;
      const lower = cap.map(([x, y]) => [x, y + (snowLine - y) * rnd.range(0.3, 0.95)]).reverse();
      snow += `${line([...cap, ...lower])}Z`;
    }
    if (snow !== '') body.push(`<path fill="${layer.snow}" d="${snow}"/>`);
    if (shadow !== '') {
      const highest = Math.max(...layer.peaks.map(([, height]) => height));
      defs.push(
        vertical(`shadow${i}`, layer.y - highest, layer.y + layer.amp, [
          [0, '#1e293b', 0.2],
          [1, '#1e293b', 0],
        ]),
      );
      body.push(`<path fill="url(#shadow${i})" d="${shadow}"/>`);
    }
    if (i < layers.length - 1) {
      // Mist in the valley in front of this layer.
      body.push(
        `<rect y="${n(layer.y - 40)}" width="${W}" height="${n(200 - i * 20)}" fill="url(#mist)" opacity="${[0.9, 0.8, 0.65, 0.5][i]}"/>`,
      );
    }
  });
  body.push(`<rect width="${W}" height="${H}" fill="url(#shade)"/>`);
  // Birds high up.
  body.push(
    `<path fill="none" stroke="#334155" stroke-opacity=".45" stroke-width="2.5" stroke-linecap="round" d="M520 210q10-9 20 0q10-9 20 0M580 240q8-7 16 0q8-7 16 0"/>`,
  );
  return document({ title: 'Mountain Peaks', defs, body });
}

/** Northern Lights: aurora curtains swaying over a starry sky, dark hills and pines below. */
function northernLights() {
  const rnd = randomFor('northern-lights');
  const defs = [
    vertical('sky', 0, H, [
      [0, '#040816'],
      [0.55, '#071a2e'],
      [0.85, '#0c2b3a'],
      [1, '#0b2030'],
    ]),
    // One ray of a curtain: brightest low down, green fading to violet at its top.
    radial(
      'rayGreen',
      [
        [0, '#a7f3d0', 0.55],
        [0.35, '#34d399', 0.32],
        [0.7, '#22d3ee', 0.1],
        [1, '#8b5cf6', 0],
      ],
      ' fx=".5" fy=".72"',
    ),
    radial(
      'rayViolet',
      [
        [0, '#ddd6fe', 0.4],
        [0.4, '#8b5cf6', 0.25],
        [0.75, '#c084fc', 0.08],
        [1, '#c084fc', 0],
      ],
      ' fx=".5" fy=".7"',
    ),
    radialAt(
      'horizonGlow',
      [900, 760, 900],
      [
        [0, '#34d399', 0.16],
        [1, '#34d399', 0],
      ],
    ),
    vertical('land', 760, H, [
      [0, '#0b1727'],
      [1, '#050a14'],
    ]),
  ];

  /** A curtain: overlapping rays along a wavy line, one group. */
  function curtain({ from, to, base, amp, wave, rayH, fill }) {
    const phase = rnd.range(0, 6);
    const rays = [];
    for (let x = from; x <= to; x += rnd.range(22, 40)) {
      const y = base + amp * Math.sin(x / wave + phase) + amp * 0.3 * Math.sin(x / (wave * 0.37));
      // The curtain thins out towards both ends instead of stopping at an edge.
      const envelope = Math.sin((Math.PI * (x - from)) / (to - from)) ** 0.6;
      const h = rayH * rnd.range(0.7, 1.15) * (0.5 + 0.5 * envelope);
      rays.push(
        `<ellipse cx="${n(x)}" cy="${n(y - h * 0.4)}" rx="${n(rnd.range(38, 70))}" ry="${n(h / 2)}" fill="url(#${fill})"${envelope < 0.98 ? ` opacity="${n(envelope)}"` : ''}/>`,
      );
    }
    return `<g>${rays.join('')}</g>`;
  }

  const hills = ridgePoints(rnd, { y: 880, amplitude: 70, rough: 0.5, levels: 6, tilt: -30 });
  const front = ridgePoints(rnd, { y: 1000, amplitude: 30, rough: 0.45, levels: 6 });
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    stars(rnd, { count: 260, bottom: 820 }),
    `<rect width="${W}" height="${H}" fill="url(#horizonGlow)"/>`,
    curtain({
      from: -100,
      to: 900,
      base: 430,
      amp: 60,
      wave: 260,
      rayH: 380,
      fill: 'rayViolet',
    }),
    curtain({
      from: -60,
      to: 1400,
      base: 560,
      amp: 110,
      wave: 300,
      rayH: 460,
      fill: 'rayGreen',
    }),
    curtain({
      from: 800,
      to: 2000,
      base: 470,
      amp: 90,
      wave: 240,
      rayH: 420,
      fill: 'rayGreen',
    }),
    `<path fill="#0a1626" d="${toBottom(smooth(hills), -40, W + 40)}"/>`,
    `<path fill="#050b16" d="${toBottom(smooth(front), -40, W + 40)}${pineRow(rnd, front, { minH: 80, maxH: 210, gap: 46, density: 0.75 })}"/>`,
  ];
  return document({ title: 'Northern Lights', defs, body });
}

/** Dark Elegance: deep plum and black, thin gold lines in arcs and sweeps, gold motes drifting. */
function darkElegance() {
  const rnd = randomFor('dark-elegance');
  const defs = [
    radialAt(
      'bg',
      [960, 300, 1300],
      [
        [0, '#2d1340'],
        [0.5, '#180d26'],
        [1, '#0a0710'],
      ],
    ),
    radialAt(
      'plum',
      [1500, 900, 700],
      [
        [0, '#6b21a8', 0.35],
        [1, '#6b21a8', 0],
      ],
    ),
    linear(
      'gold',
      [0, 0, W, H],
      [
        [0, '#fde68a'],
        [0.5, '#eab308'],
        [1, '#a16207'],
      ],
    ),
    radial('glint', [
      [0, '#fef3c7', 0.7],
      [0.3, '#facc15', 0.3],
      [1, '#eab308', 0],
    ]),
  ];
  // Concentric arcs rising from two corners, art-deco fashion.
  const fan = (cx, cy, from, count, step) =>
    Array.from({ length: count }, (_, i) => {
      const r = from + i * step;
      return `M${cx - r} ${cy}A${r} ${r} 0 0 1 ${cx + r} ${cy}`;
    }).join('');
  // Long sweeping lines across the lower half.
  const sweeps = Array.from({ length: 5 }, (_, i) => {
    const y0 = 760 + i * 34;
    return smooth(
      sample(
        (x) => y0 - 160 * Math.sin((x / W) * Math.PI * 0.9 + 0.4) + i * 10 * Math.sin(x / 300),
        -40,
        W + 40,
        120,
      ),
    );
  }).join('');
  const body = [
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#plum)"/>`,
    `<g fill="none" stroke="url(#gold)">`,
    `<path opacity=".45" stroke-width="1.6" d="${fan(0, H, 220, 7, 46)}"/>`,
    `<path opacity=".45" stroke-width="1.6" d="${fan(W, 0, 180, 6, 52).replace(/0 0 1/g, '0 0 0')}"/>`,
    `<path stroke-width="1.2" opacity=".28" d="${sweeps}"/>`,
    `<path stroke-width="1" opacity=".22" d="M960 80L1010 130L960 180L910 130Z M960 56L1034 130L960 204L886 130Z"/>`,
    '</g>',
  ];
  // A few glints of gold stay where they are; the motes that float up are drawn on the page's
  // canvas (core THEME_MOTIONS), so the picture keeps its gold in thumbnails and under reduced
  // motion too.
  for (let i = 0; i < 14; i++) {
    const r = rnd.range(3, 9);
    body.push(
      `<circle cx="${n(rnd.range(20, W - 20))}" cy="${n(rnd.range(120, H - 20))}" r="${n(r * 2.2)}" fill="url(#glint)"/>`,
    );
  }
  return document({ title: 'Dark Elegance', defs, body });
}

// ---------------------------------------------------------------------------------------------
// Output

/**
 * Each file, how it is drawn, and what the page moves over it (the README lists them; the
 * tooling test holds `moves` equal to core's THEME_MOTIONS).
 */
const ART = [
  { theme: 'abstract', draw: abstract, moves: 'soft lights and motes drift' },
  { theme: 'cityscape', draw: cityscape, moves: 'a faint rain falls' },
  { theme: 'classic-light', draw: classicLight, moves: null },
  { theme: 'forest', draw: forest, moves: null },
  { theme: 'minimalist', draw: minimalist, moves: null },
  { theme: 'sunset-orange', draw: sunsetOrange, moves: null },
  { theme: 'ocean-blue', draw: oceanBlue, moves: null },
  { theme: 'mountain-peaks', draw: mountainPeaks, moves: null },
  { theme: 'northern-lights', draw: northernLights, moves: 'the aurora sways and brightens' },
  { theme: 'dark-elegance', draw: darkElegance, moves: 'gold motes of light float up' },
];

/** A Markdown table with padded columns (as Prettier would write it, so the file stays as is). */
function table(header, rows) {
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => row[c].length)));
  const format = (row) => `| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...rows.map(format)];
}

function readme(files) {
  const rows = table(
    ['File', 'Size', 'Moving parts (drawn by the page)'],
    files.map(({ file, bytes, moves }) => [
      file,
      `${(bytes / 1024).toFixed(1)} KB`,
      moves === null ? 'none: still' : moves,
    ]),
  );
  return [
    '# Standard theme art',
    '',
    'The backgrounds of the ten standard themes (product §3), drawn for Focusroom by',
    '`scripts/make-theme-art.mjs`: our own art, no third-party images. Do not edit these files',
    'by hand: change the script and run `node scripts/make-theme-art.mjs`, which rewrites every',
    'file here, this README included. The script is deterministic (a PRNG seeded by each file',
    'name), and `scripts/make-theme-art.test.ts` fails when the files here differ from its output,',
    'when one is over 200 KB, is not a well-formed SVG, or carries a script, an event handler,',
    'embedded HTML or a reference to anything outside the file.',
    '',
    ...rows,
    '',
    'Every file is a 1920x1080 viewBox with `preserveAspectRatio="xMidYMid slice"`, so it fills',
    'any screen from the middle, and keeps its middle calm for the timer over the 40% overlay.',
    '',
    'Every file is a still picture. In the animated themes the parts that move (soft lights,',
    'motes, rain) are not in the file: the web app draws them over it on a canvas inside the',
    "theme's background layer, at a few frames a second and half the screen's pixels, from",
    '`packages/core/src/themes/motion.ts` (`THEME_MOTIONS`, decision 030). An SVG animated with',
    'CSS and drawn as a CSS background repaints the whole screen on every frame and does not see',
    "the page's reduced-motion setting. The canvas draws one still frame under",
    '`prefers-reduced-motion: reduce` and stops while the tab is hidden.',
    '',
    '## Names, serving, caching',
    '',
    'Each file is named `<theme>.<hash>.svg`, the hash being the first 10 hex digits of the',
    'SHA-256 of its bytes, so a redrawn file gets a new URL. The script writes the names to',
    '`packages/core/src/themes/art-files.ts`, which `STANDARD_THEMES` reads; the server moves the',
    "seeded themes' `image_url` and `background_url` to the current names when it starts (a theme",
    'whose image an admin replaced with one of their own is left alone). Because a URL never',
    'changes its bytes, the server answers these files with',
    '`Cache-Control: public, max-age=31536000, immutable`, and a name no longer here is a 404',
    '(the web app then shows the gradient until its theme check brings the new URL). Files are',
    'served from our own origin so backgrounds work offline (the service worker precaches',
    '`*.svg`); the web build writes `.br` and `.gz` copies of SVGs over 1 KB.',
    '',
  ].join('\n');
}

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/public/themes/art'));
const namesFile = path.resolve(
  process.argv[3] ?? path.join(root, 'packages/core/src/themes/art-files.ts'),
);
mkdirSync(outDir, { recursive: true });
const written = ART.map(({ theme, draw, moves }) => {
  const text = draw();
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  const file = `${theme}.${hash}.svg`;
  writeFileSync(path.join(outDir, file), text);
  return { theme, file, bytes: Buffer.byteLength(text), moves };
});
// Art of an earlier drawing goes: its URL is no longer named anywhere.
for (const stale of readdirSync(outDir)) {
  if (stale.endsWith('.svg') && !written.some(({ file }) => file === stale)) {
    rmSync(path.join(outDir, stale));
  }
}
writeFileSync(path.join(outDir, 'README.md'), readme(written));
writeFileSync(
  namesFile,
  [
    "// Written by scripts/make-theme-art.mjs: do not edit. Each standard theme's art file under",
    '// THEME_ART_PATH, named by the hash of its bytes (apps/web/public/themes/art/README.md).',
    'export const THEME_ART_FILES = {',
    ...written.map(
      ({ theme, file }) => `  ${/^[a-z]+$/.test(theme) ? theme : `'${theme}'`}: '${file}',`,
    ),
    '} as const;',
    '',
    'export type ThemeArtName = keyof typeof THEME_ART_FILES;',
    '',
  ].join('\n'),
);
for (const { file, bytes } of written) console.log(`${file}: ${(bytes / 1024).toFixed(1)} KB`);
