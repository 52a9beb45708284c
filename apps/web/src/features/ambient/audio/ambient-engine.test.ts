import { ambientGain } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ambientStore,
  resetAmbientStoreForTests,
  setAmbientMaster,
  setAmbientPlaying,
  setAmbientSound,
} from '../ambient-store';
import { resetAmbientEngineForTests, startAmbientEngine } from './ambient-engine';

/** A recording stand-in for Web Audio: every AudioParam keeps the calls made on it. */
class FakeParam {
  value: number;
  calls: string[] = [];
  target: number;
  constructor(value: number) {
    this.value = value;
    this.target = value;
  }
  cancelScheduledValues() {
    this.calls.push('cancel');
  }
  setValueAtTime(v: number) {
    this.calls.push(`hold ${v}`);
  }
  setTargetAtTime(v: number) {
    this.calls.push(`target ${v}`);
    this.target = v;
  }
}

class FakeNode {
  outputs: unknown[] = [];
  connect(to: unknown) {
    this.outputs.push(to);
    return to;
  }
  disconnect() {
    this.outputs = [];
  }
}

class FakeGain extends FakeNode {
  gain = new FakeParam(1);
}

class FakeSource extends FakeNode {
  buffer: unknown = null;
  loop = false;
  playbackRate = new FakeParam(1);
  stopped = false;
  start() {}
  stop() {
    this.stopped = true;
  }
}

class FakeContext {
  static last: FakeContext | null = null;
  sampleRate = 8000;
  currentTime = 0;
  state: 'running' | 'suspended' = 'running';
  destination = new FakeNode();
  gains: FakeGain[] = [];
  sources: FakeSource[] = [];
  suspends = 0;
  constructor() {
    FakeContext.last = this;
  }
  createGain() {
    const g = new FakeGain();
    this.gains.push(g);
    return g;
  }
  createBufferSource() {
    const s = new FakeSource();
    this.sources.push(s);
    return s;
  }
  createBiquadFilter() {
    return Object.assign(new FakeNode(), {
      type: 'lowpass',
      frequency: new FakeParam(350),
      Q: new FakeParam(1),
    });
  }
  createDynamicsCompressor() {
    return Object.assign(new FakeNode(), {
      threshold: new FakeParam(0),
      knee: new FakeParam(0),
      ratio: new FakeParam(1),
      attack: new FakeParam(0),
      release: new FakeParam(0),
    });
  }
  createDelay() {
    return Object.assign(new FakeNode(), { delayTime: new FakeParam(0) });
  }
  createBuffer(channels: number, length: number, sampleRate: number) {
    return {
      numberOfChannels: channels,
      length,
      sampleRate,
      duration: length / sampleRate,
      copyToChannel() {},
    };
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  suspend() {
    this.suspends++;
    this.state = 'suspended';
    return Promise.resolve();
  }
}

/** The master gain is the first gain the engine makes; each sound's gain connects into it. */
function master(ctx: FakeContext): FakeGain {
  return ctx.gains[0]!;
}

function soundGains(ctx: FakeContext): FakeGain[] {
  return ctx.gains.filter((g) => g.outputs.includes(master(ctx)));
}

describe('the ambient engine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    resetAmbientStoreForTests();
    resetAmbientEngineForTests();
    vi.stubGlobal('AudioContext', FakeContext);
  });

  afterEach(() => {
    vi.useRealTimers();
    resetAmbientEngineForTests();
    resetAmbientStoreForTests();
  });

  it('creates no context until sound is asked for, and none without Web Audio', () => {
    FakeContext.last = null;
    setAmbientSound('rain', { on: true });
    expect(FakeContext.last).toBeNull();
    vi.stubGlobal('AudioContext', undefined);
    expect(startAmbientEngine()).toBe(false);
  });

  it('fades a sound in at its volume under the master volume', () => {
    startAmbientEngine();
    const ctx = FakeContext.last!;
    setAmbientSound('rain', { on: true, volume: 60 });
    setAmbientPlaying(true);
    expect(master(ctx).gain.target).toBe(ambientGain(70));
    const [rain] = soundGains(ctx);
    // Every soundscape has its own level at full volume; the slider's curve scales it.
    const full = rain!.gain.target / ambientGain(60);
    expect(full).toBeGreaterThan(1);
    expect(rain!.gain.calls.slice(-3)).toEqual(['cancel', 'hold 0', `target ${rain!.gain.target}`]);
    setAmbientSound('rain', { volume: 30 });
    expect(rain!.gain.target).toBeCloseTo(ambientGain(30) * full);
    setAmbientMaster(30);
    expect(master(ctx).gain.target).toBe(ambientGain(30));
  });

  it('under rapid toggling the last change wins and the sound is not torn down', () => {
    startAmbientEngine();
    const ctx = FakeContext.last!;
    setAmbientPlaying(true);
    setAmbientSound('pink', { on: true });
    setAmbientSound('wind', { on: true });
    const sourcesBefore = ctx.sources.length;
    const [, wind] = soundGains(ctx);
    const onTarget = wind!.gain.target;
    expect(onTarget).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      setAmbientSound('wind', { on: false });
      setAmbientSound('wind', { on: true });
    }
    // Every change cancels what was scheduled before setting its own target.
    expect(wind!.gain.calls.filter((c) => c === 'cancel')).toHaveLength(11);
    expect(wind!.gain.target).toBe(onTarget);
    vi.advanceTimersByTime(5000);
    // The same graph still plays: no new voice was built, none of its sources stopped.
    expect(soundGains(ctx)).toHaveLength(2);
    expect(soundGains(ctx)[1]).toBe(wind);
    expect(ctx.sources.length).toBe(sourcesBefore);
    expect(ctx.sources.some((s) => s.stopped)).toBe(false);
  });

  it('takes a sound turned off down after its fade', () => {
    startAmbientEngine();
    const ctx = FakeContext.last!;
    setAmbientPlaying(true);
    setAmbientSound('white', { on: true });
    setAmbientSound('pink', { on: true });
    setAmbientSound('white', { on: false });
    expect(ctx.sources.every((s) => !s.stopped)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(ctx.sources.filter((s) => s.stopped)).toHaveLength(1);
    expect(soundGains(ctx)).toHaveLength(1);
  });

  it('suspends the context once nothing is audible, unless sound comes back first', () => {
    startAmbientEngine();
    const ctx = FakeContext.last!;
    setAmbientSound('brown', { on: true });
    setAmbientPlaying(true);
    setAmbientPlaying(false);
    expect(master(ctx).gain.target).toBe(0);
    vi.advanceTimersByTime(200);
    setAmbientPlaying(true);
    vi.advanceTimersByTime(2000);
    expect(ctx.suspends).toBe(0);
    expect(ctx.state).toBe('running');

    setAmbientSound('brown', { on: false });
    vi.advanceTimersByTime(2000);
    expect(ctx.suspends).toBe(1);
    expect(ambientStore().getState().playing).toBe(true);
  });
});
