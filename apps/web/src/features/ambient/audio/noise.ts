/**
 * Noise and texture buffers for the ambient generators, computed in the browser (no files).
 * Every buffer is stereo with independent channels (a wide, natural image) and loops without a
 * click: its last samples are cross-faded into its first.
 */

export type Random = () => number;

const LOOP_FADE_SECONDS = 0.05;

/** A seeded generator (mulberry32), so a soundscape sounds the same on every visit. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills `out` (length + fade samples long) and folds its tail over its start for a clean loop. */
function loopable(
  length: number,
  fade: number,
  fill: (out: Float32Array) => void,
): Float32Array<ArrayBuffer> {
  const raw = new Float32Array(length + fade);
  fill(raw);
  const out = raw.subarray(0, length);
  for (let i = 0; i < fade; i++) {
    const a = i / fade;
    // Equal-power cross-fade: the tail (which followed sample length - 1) hands over to the start.
    out[i] = raw[i]! * Math.sqrt(a) + raw[length + i]! * Math.sqrt(1 - a);
  }
  return out;
}

export type NoiseColour = 'white' | 'pink' | 'brown';

/** White noise: flat spectrum, peak amplitude 1. */
function fillWhite(out: Float32Array, random: Random): void {
  for (let i = 0; i < out.length; i++) out[i] = random() * 2 - 1;
}

/**
 * Pink noise (-3 dB per octave) by stacking random rows refreshed at halving rates: row k
 * changes every 2^k samples, so each octave gets about the same energy.
 */
function fillPink(out: Float32Array, random: Random): void {
  const rows = new Float64Array(14);
  let sum = 0;
  for (let k = 0; k < rows.length; k++) {
    rows[k] = random() * 2 - 1;
    sum += rows[k]!;
  }
  for (let i = 0; i < out.length; i++) {
    // The row whose period ends at sample i: the number of trailing zero bits of i + 1.
    const k = Math.min(rows.length - 1, 31 - Math.clz32((i + 1) & -(i + 1)));
    sum -= rows[k]!;
    rows[k] = random() * 2 - 1;
    sum += rows[k]!;
    out[i] = (sum + (random() * 2 - 1)) / (rows.length + 1);
  }
  normalizePeak(out, 1);
}

/** Brown (red) noise (-6 dB per octave): white noise through a leaky integrator. */
function fillBrown(out: Float32Array, random: Random): void {
  let level = 0;
  for (let i = 0; i < out.length; i++) {
    level = (level + 0.02 * (random() * 2 - 1)) / 1.02;
    out[i] = level;
  }
  normalizePeak(out, 1);
}

function normalizePeak(out: Float32Array, peak: number): void {
  let max = 0;
  for (let i = 0; i < out.length; i++) max = Math.max(max, Math.abs(out[i]!));
  if (max === 0) return;
  const k = peak / max;
  for (let i = 0; i < out.length; i++) out[i]! *= k;
}

const FILLERS: Record<NoiseColour, (out: Float32Array, random: Random) => void> = {
  white: fillWhite,
  pink: fillPink,
  brown: fillBrown,
};

/** A stereo loop of coloured noise, `seconds` long. */
export function noiseBuffer(
  ctx: BaseAudioContext,
  colour: NoiseColour,
  seconds: number,
  seed: number,
): AudioBuffer {
  const length = Math.round(seconds * ctx.sampleRate);
  const fade = Math.round(LOOP_FADE_SECONDS * ctx.sampleRate);
  const buffer = ctx.createBuffer(2, length, ctx.sampleRate);
  for (let ch = 0; ch < 2; ch++) {
    const random = seededRandom(seed * 7919 + ch * 104729);
    buffer.copyToChannel(
      loopable(length, fade, (out) => FILLERS[colour](out, random)),
      ch,
    );
  }
  return buffer;
}

/** One short sound event written into a texture buffer: where, how loud, which side. */
export interface Grain {
  at: number;
  gain: number;
  pan: number;
}

/**
 * A stereo loop of scattered grains (rain drops, fire crackles): `render(out, start, gain,
 * random)` writes one grain into a channel from sample `start`.
 */
export function grainBuffer(
  ctx: BaseAudioContext,
  seconds: number,
  seed: number,
  perSecond: number,
  render: (out: Float32Array, start: number, gain: number, random: Random) => void,
  loudness: (random: Random) => number,
): AudioBuffer {
  const rate = ctx.sampleRate;
  const length = Math.round(seconds * rate);
  const fade = Math.round(LOOP_FADE_SECONDS * rate);
  const random = seededRandom(seed);
  const grains: Grain[] = [];
  const count = Math.round(seconds * perSecond);
  for (let i = 0; i < count; i++) {
    grains.push({ at: Math.floor(random() * length), gain: loudness(random), pan: random() });
  }
  const buffer = ctx.createBuffer(2, length, rate);
  for (let ch = 0; ch < 2; ch++) {
    const channelRandom = seededRandom(seed * 31 + ch);
    buffer.copyToChannel(
      loopable(length, fade, (out) => {
        for (const g of grains) {
          // Equal-power pan: left gets cos, right gets sin of the grain's angle.
          const side = ch === 0 ? Math.cos((g.pan * Math.PI) / 2) : Math.sin((g.pan * Math.PI) / 2);
          render(out, g.at, g.gain * side, channelRandom);
        }
      }),
      ch,
    );
  }
  return buffer;
}

/**
 * A slow, smooth random curve between 0 and 1 (gusts, swells), as a mono buffer at a low
 * sample rate: points every `minGap`-`maxGap` seconds joined by cosine easing.
 */
export function smoothCurveBuffer(
  ctx: BaseAudioContext,
  seconds: number,
  seed: number,
  minGap: number,
  maxGap: number,
  shape: (from: number, to: number, t: number) => number = (from, to, t) =>
    from + (to - from) * (0.5 - 0.5 * Math.cos(Math.PI * t)),
): AudioBuffer {
  const rate = 3000;
  const length = Math.round(seconds * rate);
  const buffer = ctx.createBuffer(1, length, rate);
  const out = new Float32Array(length);
  const random = seededRandom(seed);
  const first = random();
  let from = first;
  let start = 0;
  while (start < length) {
    let end = start + Math.round((minGap + random() * (maxGap - minGap)) * rate);
    // The last segment returns to the first point, so the loop is seamless; a short remainder
    // joins it rather than making a sudden move.
    const last = length - end < minGap * rate;
    if (last) end = length;
    const to = last ? first : random();
    for (let i = start; i < end; i++) out[i] = shape(from, to, (i - start) / (end - start));
    from = to;
    start = end;
  }
  buffer.copyToChannel(out, 0);
  return buffer;
}
