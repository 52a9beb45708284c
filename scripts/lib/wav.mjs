// The synthesis and WAV-writing helpers shared by scripts/make-chime.mjs and
// scripts/make-sounds.mjs, so both write their files the same way. Deterministic (no randomness):
// rerunning either script rewrites its files byte for byte.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A silent buffer of `seconds` at `rate` samples per second. */
export const silence = (rate, seconds) => new Float64Array(Math.round(rate * seconds));

/** Adds a note of decaying partials `[ratio, weight, decaySeconds]` at `start` seconds. */
export function addNote(samples, rate, start, freq, gain, partials, attack = 0.005) {
  const first = Math.round(start * rate);
  for (let i = first; i < samples.length; i++) {
    const t = (i - first) / rate;
    const env = Math.min(1, t / attack);
    let v = 0;
    for (const [ratio, weight, decay] of partials) {
      if (freq * ratio >= rate / 2) continue; // above Nyquist: would alias
      v += weight * Math.exp(-t / decay) * Math.sin(2 * Math.PI * freq * ratio * t);
    }
    samples[i] += gain * env * v;
  }
}

/**
 * Scales the loudest sample to `level` (a fraction of full scale), fades the last `tailSeconds`
 * out linearly and encodes the result as a mono 16-bit PCM WAV.
 */
export function encodeWav(samples, rate, level, tailSeconds) {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const scale = (level * 32767) / (peak || 1);
  const fadeFrom = samples.length - Math.round(tailSeconds * rate);
  const pcm = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    const fade = i > fadeFrom ? (samples.length - i) / (samples.length - fadeFrom) : 1;
    pcm.writeInt16LE(Math.round(s * scale * fade), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Writes `encodeWav(...)` to `out` and says so, relative to the repository `root`. */
export function writeWav(root, out, samples, rate, level, tailSeconds) {
  const wav = encodeWav(samples, rate, level, tailSeconds);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, wav);
  console.log(`wrote ${path.relative(root, out)} (${wav.length} bytes)`);
}
