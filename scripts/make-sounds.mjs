#!/usr/bin/env node
// Synthesises the timer's other sounds beside complete.wav (scripts/make-chime.mjs): four alarms
// (bell, digital, wood, harp), the focus tick and the one-minute warning chime. Deterministic
// (no randomness), mono 16-bit PCM at 16 kHz so each file stays small:
//   node scripts/make-sounds.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addNote, silence, writeWav } from './lib/wav.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'apps/web/public/sounds');
const rate = 16000;

/** A silent buffer of `seconds`. */
const buffer = (seconds) => silence(rate, seconds);

/** Adds a note of decaying partials `[ratio, weight, decaySeconds]` at `start` seconds. */
const note = (samples, start, freq, gain, partials, attack) =>
  addNote(samples, rate, start, freq, gain, partials, attack);

/** A square-ish beep (odd harmonics, band-limited) with short fades, for the digital alarm. */
function beep(samples, start, length, freq, gain) {
  const first = Math.round(start * rate);
  const last = Math.min(samples.length, first + Math.round(length * rate));
  const fade = Math.round(0.006 * rate);
  for (let i = first; i < last; i++) {
    const t = (i - first) / rate;
    const env = Math.min(1, (i - first) / fade, (last - i) / fade);
    let v = 0;
    for (let h = 1; h * freq < rate / 2 && h <= 9; h += 2) {
      v += Math.sin(2 * Math.PI * freq * h * t) / h;
    }
    samples[i] += gain * env * v;
  }
}

/** Normalises to `peakDb` dBFS, fades the tail out and writes a mono 16-bit WAV. */
function write(name, samples, peakDb = -3, tailSeconds = 0.08) {
  writeWav(root, path.join(dir, name), samples, rate, 10 ** (peakDb / 20), tailSeconds);
}

// Bell: a larger church-like bell, struck twice (hum, prime, tierce, quint, nominal partials).
{
  const s = buffer(1.6);
  const partials = [
    [0.5, 0.35, 0.9],
    [1, 1, 0.7],
    [1.2, 0.45, 0.45],
    [1.5, 0.3, 0.35],
    [2, 0.5, 0.3],
    [2.74, 0.15, 0.18],
  ];
  note(s, 0, 523.25, 0.6, partials, 0.003);
  note(s, 0.55, 523.25, 0.45, partials, 0.003);
  write('bell.wav', s);
}

// Digital: three pairs of short beeps, like a kitchen timer.
{
  const s = buffer(1.25);
  for (let k = 0; k < 3; k++) {
    beep(s, k * 0.42, 0.09, 1760, 0.5);
    beep(s, k * 0.42 + 0.14, 0.09, 1760, 0.5);
  }
  write('digital.wav', s, -6, 0.02);
}

// Wood block: three dry knocks, falling in pitch.
{
  const s = buffer(0.9);
  const knock = [
    [1, 1, 0.035],
    [2.57, 0.4, 0.02],
    [4.1, 0.2, 0.012],
  ];
  [880, 784, 698.46].forEach((f, k) => note(s, k * 0.24, f, 0.8, knock, 0.001));
  write('wood.wav', s, -3, 0.05);
}

// Harp: a rising arpeggio (C major), plucked-string partials.
{
  const s = buffer(1.7);
  const pluck = [
    [1, 1, 0.6],
    [2, 0.4, 0.35],
    [3, 0.2, 0.2],
    [4, 0.08, 0.12],
  ];
  [523.25, 659.25, 783.99, 1046.5].forEach((f, k) => note(s, k * 0.13, f, 0.45, pluck, 0.004));
  write('harp.wav', s);
}

// Tick: a very short, soft click, played every second of a pomodoro (quiet: -18 dBFS).
{
  const s = buffer(0.04);
  note(
    s,
    0,
    2200,
    1,
    [
      [1, 1, 0.004],
      [1.9, 0.5, 0.003],
    ],
    0.0005,
  );
  write('tick.wav', s, -18, 0.01);
}

// Warning: one soft high bell note, gentler than any alarm (-9 dBFS).
{
  const s = buffer(0.8);
  note(s, 0, 1318.5, 0.6, [
    [1, 1, 0.35],
    [2.76, 0.15, 0.15],
  ]);
  write('warning.wav', s, -9);
}
