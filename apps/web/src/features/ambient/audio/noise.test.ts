import { describe, expect, it } from 'vitest';
import { noiseBuffer, seededRandom, smoothCurveBuffer } from './noise';

/** Enough of an AudioContext for buffer making: channels kept as plain arrays. */
function fakeContext(sampleRate = 8000): BaseAudioContext {
  return {
    sampleRate,
    createBuffer(channels: number, length: number, rate: number) {
      const data = Array.from({ length: channels }, () => new Float32Array(length));
      return {
        length,
        sampleRate: rate,
        numberOfChannels: channels,
        duration: length / rate,
        getChannelData: (ch: number) => data[ch]!,
        copyToChannel: (source: Float32Array, ch: number) => data[ch]!.set(source),
      };
    },
  } as unknown as BaseAudioContext;
}

function rms(x: Float32Array): number {
  let s = 0;
  for (const v of x) s += v * v;
  return Math.sqrt(s / x.length);
}

/** Mean size of one sample's step: large for bright noise, small for dark. */
function meanStep(x: Float32Array): number {
  let s = 0;
  for (let i = 1; i < x.length; i++) s += Math.abs(x[i]! - x[i - 1]!);
  return s / (x.length - 1);
}

describe('noise buffers', () => {
  const ctx = fakeContext();

  it('are the same for the same seed, stereo with different channels, within full scale', () => {
    const a = noiseBuffer(ctx, 'pink', 2, 5).getChannelData(0);
    const b = noiseBuffer(ctx, 'pink', 2, 5).getChannelData(0);
    const right = noiseBuffer(ctx, 'pink', 2, 5).getChannelData(1);
    expect(a).toEqual(b);
    expect(right).not.toEqual(a);
    expect(Math.max(...a.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(rms(a)).toBeGreaterThan(0.05);
  });

  it('get darker from white to pink to brown', () => {
    const brightness = (colour: 'white' | 'pink' | 'brown') => {
      const x = noiseBuffer(ctx, colour, 2, 9).getChannelData(0);
      return meanStep(x) / rms(x);
    };
    const white = brightness('white');
    const pink = brightness('pink');
    const brown = brightness('brown');
    expect(pink).toBeLessThan(white * 0.8);
    expect(brown).toBeLessThan(pink * 0.5);
  });

  it('loop without a jump: the last sample leads smoothly into the first', () => {
    for (const seed of [1, 2, 3, 4]) {
      const x = noiseBuffer(ctx, 'brown', 1, seed).getChannelData(0);
      const seam = Math.abs(x[0]! - x[x.length - 1]!);
      expect(seam).toBeLessThan(meanStep(x) * 6);
    }
  });
});

describe('slow curves', () => {
  it('stay between 0 and 1 and end where they start', () => {
    const curve = smoothCurveBuffer(fakeContext(), 30, 4, 2, 6).getChannelData(0);
    expect(Math.min(...curve)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...curve)).toBeLessThanOrEqual(1);
    expect(Math.abs(curve[curve.length - 1]! - curve[0]!)).toBeLessThan(0.01);
  });

  it('come from a seeded generator', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
