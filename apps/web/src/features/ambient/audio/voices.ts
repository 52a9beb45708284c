import type { SoundscapeId } from '@focusroom/core';
import {
  grainBuffer,
  noiseBuffer,
  seededRandom,
  smoothCurveBuffer,
  type NoiseColour,
  type Random,
} from './noise';

/**
 * The soundscapes as Web Audio graphs (product §4 ambient mixer): looping noise and texture
 * buffers computed in the browser, shaped by filters, moved by slow modulation curves. No files,
 * no network; once built, the audio thread does all the work (no timers in JavaScript).
 */

/** A running soundscape: it plays into the node it was built for until stopped. */
export interface Voice {
  stop(): void;
}

type Build = (kit: Kit, out: AudioNode) => Voice;

/** Buffers are computed once per context and shared by every voice that uses them. */
class Kit {
  private readonly cache = new Map<string, AudioBuffer>();
  private readonly sources: AudioScheduledSourceNode[] = [];

  constructor(readonly ctx: BaseAudioContext) {}

  buffer(key: string, make: () => AudioBuffer): AudioBuffer {
    let buffer = this.cache.get(key);
    if (!buffer) {
      buffer = make();
      this.cache.set(key, buffer);
    }
    return buffer;
  }

  noise(colour: NoiseColour, seconds: number, seed: number): AudioBuffer {
    return this.buffer(`${colour}:${seconds}:${seed}`, () =>
      noiseBuffer(this.ctx, colour, seconds, seed),
    );
  }

  /** A looping source of `buffer` starting at `offset` seconds in; `rate` changes its speed. */
  loop(buffer: AudioBuffer, offset = 0, rate = 1): AudioBufferSourceNode {
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.loop = true;
    source.playbackRate.value = rate;
    source.start(this.ctx.currentTime, offset % buffer.duration);
    this.sources.push(source);
    return source;
  }

  filter(type: BiquadFilterType, frequency: number, q = 0.7071): BiquadFilterNode {
    const f = this.ctx.createBiquadFilter();
    f.type = type;
    f.frequency.value = frequency;
    f.Q.value = q;
    return f;
  }

  gain(value: number): GainNode {
    const g = this.ctx.createGain();
    g.gain.value = value;
    return g;
  }

  /** `source` moves `param` by up to `depth` around its own value. */
  modulate(source: AudioNode, param: AudioParam, depth: number): void {
    const scale = this.gain(depth);
    source.connect(scale);
    scale.connect(param);
  }

  /** Stops every source this kit started for one voice (the graph is then collected). */
  takeSources(): AudioScheduledSourceNode[] {
    return this.sources.splice(0);
  }
}

function chain(...nodes: AudioNode[]): AudioNode {
  for (let i = 0; i < nodes.length - 1; i++) nodes[i]!.connect(nodes[i + 1]!);
  return nodes[nodes.length - 1]!;
}

/** Rain drops: a short, bright burst of noise, sometimes with a tiny falling "plink". */
function renderDrop(out: Float32Array, start: number, gain: number, random: Random): void {
  const rate = 48000;
  const length = Math.round((0.0015 + random() * 0.006) * rate);
  const decay = length * 0.22;
  for (let j = 0; j < length && start + j < out.length; j++) {
    out[start + j]! += gain * (random() * 2 - 1) * Math.exp(-j / decay);
  }
  if (start % 9 === 0) {
    // The plink's pitch comes from where the drop falls, so both channels agree on it.
    const freq = 1800 + (start % 2600);
    const plink = Math.round(0.018 * rate);
    let phase = 0;
    for (let j = 0; j < plink && start + j < out.length; j++) {
      phase += (2 * Math.PI * freq * (1 - (0.25 * j) / plink)) / rate;
      out[start + j]! += 0.5 * gain * Math.sin(phase) * Math.exp(-j / (plink * 0.25));
    }
  }
}

/** A fire's crackle: a cluster of two to five tiny clicks within a few milliseconds. */
function renderCrackle(out: Float32Array, start: number, gain: number, random: Random): void {
  const clicks = 2 + Math.floor(random() * 4);
  let at = start;
  for (let c = 0; c < clicks; c++) {
    const length = 24 + Math.floor(random() * 40);
    const level = gain * (0.4 + random() * 0.6);
    for (let j = 0; j < length && at + j < out.length; j++) {
      out[at + j]! += level * (random() * 2 - 1) * Math.exp(-j / (length * 0.2));
    }
    at += 30 + Math.floor(random() * 200);
  }
}

/** A log settling: a soft, dull thump of noise some tens of milliseconds long. */
function renderPop(out: Float32Array, start: number, gain: number, random: Random): void {
  const length = Math.round((0.012 + random() * 0.02) * 48000);
  let smooth = 0;
  for (let j = 0; j < length && start + j < out.length; j++) {
    smooth += 0.25 * (random() * 2 - 1 - smooth);
    out[start + j]! += 2.5 * gain * smooth * Math.exp(-j / (length * 0.3));
  }
}

/**
 * Ocean waves: each wave swells slowly (accelerating), breaks, and washes back out; periods of
 * 7-12 s, every wave a different height. A mono curve at a low rate, returning to its resting
 * level between waves so the loop is seamless.
 */
function waveEnvelope(ctx: BaseAudioContext, seed: number): AudioBuffer {
  const rate = 3000;
  const random = seededRandom(seed);
  const rest = 0.12;
  const waves: { length: number; peak: number }[] = [];
  let total = 0;
  while (total < 60 * rate) {
    const length = Math.round((7 + random() * 5) * rate);
    waves.push({ length, peak: 0.65 + random() * 0.35 });
    total += length;
  }
  const buffer = ctx.createBuffer(1, total, rate);
  const out = new Float32Array(total);
  const floor = Math.exp(-4);
  let at = 0;
  for (const wave of waves) {
    const rise = Math.round(wave.length * 0.55);
    for (let i = 0; i < wave.length; i++) {
      const v =
        i < rise
          ? (i / rise) ** 2
          : (Math.exp((-4 * (i - rise)) / (wave.length - rise)) - floor) / (1 - floor);
      out[at + i] = rest + (wave.peak - rest) * v;
    }
    at += wave.length;
  }
  buffer.copyToChannel(out, 0);
  return buffer;
}

function plainNoise(colour: NoiseColour, level: number, seed: number): Build {
  return (kit, out) => {
    chain(kit.loop(kit.noise(colour, 8, seed)), kit.gain(level), out);
    return stopper(kit);
  };
}

const rain: Build = (kit, out) => {
  const { ctx } = kit;
  // The steady hiss of rain on everything, swelling and easing a little.
  const hiss = kit.gain(0.3);
  chain(
    kit.loop(kit.noise('pink', 9, 11)),
    kit.filter('highpass', 450),
    kit.filter('lowpass', 7000),
    hiss,
    out,
  );
  const intensity = kit.loop(
    kit.buffer('rain-intensity', () => smoothCurveBuffer(ctx, 41, 12, 4, 9)),
  );
  kit.modulate(intensity, hiss.gain, 0.12);
  // Nearby drops: two passes over one texture at different speeds, so the pattern never repeats
  // audibly.
  const drops = kit.buffer('rain-drops', () =>
    grainBuffer(ctx, 7.3, 13, 70, renderDrop, (r) => 0.15 + 0.85 * r() ** 3),
  );
  const dropFilter = kit.filter('highpass', 700);
  chain(dropFilter, kit.gain(0.55), out);
  kit.loop(drops).connect(dropFilter);
  chain(kit.loop(drops, 3.1, 0.87), kit.gain(0.6), dropFilter);
  return stopper(kit);
};

const waves: Build = (kit, out) => {
  const { ctx } = kit;
  const envelope = kit.loop(kit.buffer('waves-envelope', () => waveEnvelope(ctx, 21)));
  // The body of the water: brown noise, brighter and louder as each wave breaks.
  const body = kit.gain(0);
  const bodyFilter = kit.filter('lowpass', 320, 0.5);
  chain(kit.loop(kit.noise('brown', 11, 22)), bodyFilter, body, out);
  kit.modulate(envelope, body.gain, 1.1);
  kit.modulate(envelope, bodyFilter.frequency, 1400);
  // Foam: a bright hiss that follows the break a moment later.
  const foam = kit.gain(0);
  const delay = ctx.createDelay(2);
  delay.delayTime.value = 0.7;
  envelope.connect(delay);
  chain(kit.loop(kit.noise('pink', 7, 23)), kit.filter('highpass', 2200), foam, out);
  kit.modulate(delay, foam.gain, 0.22);
  return stopper(kit);
};

const wind: Build = (kit, out) => {
  const { ctx } = kit;
  const gusts = kit.loop(kit.buffer('wind-gusts', () => smoothCurveBuffer(ctx, 53, 31, 2, 6)));
  const source = kit.loop(kit.noise('pink', 10, 32));
  // The rush of air: a band of noise whose centre and loudness rise with each gust.
  const band = kit.filter('bandpass', 260, 0.9);
  const rush = kit.gain(0.25);
  chain(source, band, rush, out);
  kit.modulate(gusts, band.frequency, 700);
  kit.modulate(gusts, rush.gain, 1.1);
  // A faint whistle: a narrow band higher up, moving with the gusts.
  const whistleBand = kit.filter('bandpass', 800, 10);
  const whistle = kit.gain(0);
  chain(source, whistleBand, whistle, out);
  kit.modulate(gusts, whistleBand.frequency, 900);
  const swirl = kit.loop(kit.buffer('wind-swirl', () => smoothCurveBuffer(ctx, 37, 33, 1.5, 4)));
  kit.modulate(swirl, whistle.gain, 0.5);
  // Low rumble under it all.
  chain(kit.loop(kit.noise('brown', 9, 34)), kit.filter('lowpass', 160), kit.gain(0.35), out);
  return stopper(kit);
};

const fire: Build = (kit, out) => {
  const { ctx } = kit;
  // The roar of the flames: dull brown noise, flickering.
  const roar = kit.gain(0.35);
  chain(kit.loop(kit.noise('brown', 9, 41)), kit.filter('lowpass', 240), roar, out);
  const flicker = kit.loop(
    kit.buffer('fire-flicker', () => smoothCurveBuffer(ctx, 29, 42, 0.3, 1.2)),
  );
  kit.modulate(flicker, roar.gain, 0.3);
  // Crackles and the occasional pop.
  const crackles = kit.buffer('fire-crackles', () =>
    grainBuffer(ctx, 6.1, 43, 14, renderCrackle, (r) => 0.2 + 0.8 * r() ** 2),
  );
  chain(kit.loop(crackles), kit.filter('highpass', 1500), kit.gain(0.9), out);
  const pops = kit.buffer('fire-pops', () =>
    grainBuffer(ctx, 9.7, 44, 1.2, renderPop, (r) => 0.4 + 0.6 * r()),
  );
  chain(kit.loop(pops), kit.filter('lowpass', 2500), kit.gain(0.8), out);
  // A faint hiss of burning wood.
  chain(kit.loop(kit.noise('pink', 6, 45)), kit.filter('highpass', 4000), kit.gain(0.05), out);
  return stopper(kit);
};

function stopper(kit: Kit): Voice {
  const sources = kit.takeSources();
  return {
    stop() {
      for (const source of sources) {
        try {
          source.stop();
        } catch {
          // Already stopped.
        }
        source.disconnect();
      }
    },
  };
}

const BUILDERS: Record<SoundscapeId, Build> = {
  white: plainNoise('white', 0.22, 1),
  pink: plainNoise('pink', 0.45, 2),
  brown: plainNoise('brown', 0.6, 3),
  rain,
  waves,
  wind,
  fire,
};

/** Builds soundscapes for one context; buffers are computed on first use and reused. */
export class VoiceFactory {
  private readonly kit: Kit;

  constructor(ctx: BaseAudioContext) {
    this.kit = new Kit(ctx);
  }

  create(id: SoundscapeId, out: AudioNode): Voice {
    return BUILDERS[id](this.kit, out);
  }
}
