import {
  AMBIENT_FADE_MS,
  AMBIENT_SETTLE_MS,
  SOUNDSCAPE_IDS,
  activeSounds,
  ambientGain,
  isSilentMix,
  type SoundscapeId,
} from '@focusroom/core';
import { ambientStore, setAmbientPlaying, type AmbientState } from '../ambient-store';
import { soundscapeLabel } from '../ambient-words';
import { clearAmbientSession, showAmbientSession } from '../media-session';
import { VoiceFactory, type Voice } from './voices';

/**
 * Plays the ambient store's mix (product §4 ambient mixer). One AudioContext, created on the
 * first click that asks for sound and suspended whenever nothing is audible, so a silent mixer
 * costs no CPU. Every change fades over about 400 ms from wherever the level is at that moment:
 * scheduled values are cancelled first, so under rapid toggling the last change wins and
 * nothing jumps or clicks.
 */

/** setTargetAtTime's time constant: about 95% of the way there after the fade's 400 ms. */
const FADE_TIME_CONSTANT = AMBIENT_FADE_MS / 1000 / 3;

/**
 * Each soundscape's level at full volume, so that every one of them at 100% plays at about the
 * same loudness (measured: about -14 dBFS RMS in mono at master 100; white noise a little under
 * the others, as the ear hears its highs as loud).
 */
const VOICE_LEVELS: Record<SoundscapeId, number> = {
  rain: 5,
  waves: 3.6,
  wind: 2.9,
  fire: 2.8,
  white: 1.4,
  pink: 2.2,
  brown: 2.1,
};

type ContextClass = typeof AudioContext;

function contextClass(): ContextClass | null {
  const w = window as unknown as { AudioContext?: ContextClass; webkitAudioContext?: ContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

export function ambientAudioSupported(): boolean {
  return contextClass() !== null;
}

function fadeTo(ctx: BaseAudioContext, param: AudioParam, value: number): void {
  const now = ctx.currentTime;
  // Hold the level reached so far, then glide from there: the last change wins.
  const current = param.value;
  param.cancelScheduledValues(now);
  param.setValueAtTime(current, now);
  param.setTargetAtTime(value, now, FADE_TIME_CONSTANT);
}

interface Channel {
  gain: GainNode;
  voice: Voice;
  teardown: ReturnType<typeof setTimeout> | null;
}

class AmbientEngine {
  private readonly master: GainNode;
  private readonly voices: VoiceFactory;
  private readonly channels = new Map<SoundscapeId, Channel>();
  private suspendTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly ctx: AudioContext) {
    this.master = ctx.createGain();
    this.master.gain.value = 0;
    // A limiter after the master: many loud sounds together never clip.
    const limiter = ctx.createDynamicsCompressor();
    limiter.threshold.value = -3;
    limiter.knee.value = 0;
    limiter.ratio.value = 20;
    limiter.attack.value = 0.003;
    limiter.release.value = 0.25;
    this.master.connect(limiter);
    limiter.connect(ctx.destination);
    this.voices = new VoiceFactory(ctx);
  }

  apply(state: AmbientState): void {
    const { mix } = state;
    const audible = state.playing && !isSilentMix(mix);
    if (!audible) {
      fadeTo(this.ctx, this.master.gain, 0);
      this.scheduleSuspend();
      clearAmbientSession();
      return;
    }
    if (this.suspendTimer !== null) {
      clearTimeout(this.suspendTimer);
      this.suspendTimer = null;
    }
    if (this.ctx.state !== 'running') void this.ctx.resume().catch(() => undefined);
    fadeTo(this.ctx, this.master.gain, ambientGain(mix.master));
    for (const id of SOUNDSCAPE_IDS) {
      const setting = mix.sounds[id];
      let channel = this.channels.get(id);
      if (setting.on) {
        if (!channel) channel = this.open(id);
        if (channel.teardown !== null) {
          clearTimeout(channel.teardown);
          channel.teardown = null;
        }
        fadeTo(this.ctx, channel.gain.gain, ambientGain(setting.volume) * VOICE_LEVELS[id]);
      } else if (channel) {
        this.close(id, channel);
      }
    }
    showAmbientSession(activeSounds(mix).map(soundscapeLabel), {
      play: () => setAmbientPlaying(true),
      pause: () => setAmbientPlaying(false),
    });
  }

  /** Resumes the context inside the click that asked for sound (browsers require a gesture). */
  unlock(): void {
    if (this.ctx.state !== 'running') void this.ctx.resume().catch(() => undefined);
  }

  private open(id: SoundscapeId): Channel {
    const gain = this.ctx.createGain();
    gain.gain.value = 0;
    gain.connect(this.master);
    const channel: Channel = { gain, voice: this.voices.create(id, gain), teardown: null };
    this.channels.set(id, channel);
    return channel;
  }

  /** Fades a sound out, then takes its graph down (unless it is turned on again meanwhile). */
  private close(id: SoundscapeId, channel: Channel): void {
    fadeTo(this.ctx, channel.gain.gain, 0);
    if (channel.teardown !== null) return;
    channel.teardown = setTimeout(() => {
      channel.voice.stop();
      channel.gain.disconnect();
      this.channels.delete(id);
    }, AMBIENT_SETTLE_MS);
  }

  private scheduleSuspend(): void {
    if (this.suspendTimer !== null) clearTimeout(this.suspendTimer);
    this.suspendTimer = setTimeout(() => {
      this.suspendTimer = null;
      const state = ambientStore().getState();
      for (const id of SOUNDSCAPE_IDS) {
        const channel = this.channels.get(id);
        if (channel && !state.mix.sounds[id].on) this.close(id, channel);
      }
      if (this.ctx.state === 'running') void this.ctx.suspend().catch(() => undefined);
    }, AMBIENT_SETTLE_MS);
  }
}

let engine: AmbientEngine | null = null;

/**
 * Starts the engine (once) and unlocks its context; call it from the click that turns sound on.
 * False when this browser has no Web Audio.
 */
export function startAmbientEngine(): boolean {
  if (engine) {
    engine.unlock();
    return true;
  }
  const Context = contextClass();
  if (!Context) return false;
  const ctx = new Context({ latencyHint: 'playback' });
  const created = new AmbientEngine(ctx);
  engine = created;
  const store = ambientStore();
  store.subscribe((state, previous) => {
    if (state.playing !== previous.playing || state.mix !== previous.mix) created.apply(state);
  });
  created.apply(store.getState());
  return true;
}

/** Tests start without an engine (the store subscription of the old one is left behind). */
export function resetAmbientEngineForTests(): void {
  engine = null;
}
