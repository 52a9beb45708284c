import {
  TICK_SOUND_URL,
  WARNING_SOUND_URL,
  alarmSoundUrl,
  volumeGain,
  type TimerSettings,
} from '@focusroom/core';

/**
 * The timer's one audio module (product §2, §4 sounds): Web Audio, so one context unlocked by a
 * click (Start, Resume, a preview) may play every later sound, also in a background tab, and the
 * volume works where a media element's volume is read-only (iOS). Sound files are fetched only
 * when a click unlocks the context, never on the first load of /. Without Web Audio (or before
 * any click) a plain Audio element plays, as before.
 */

type ContextClass = typeof AudioContext;

let context: AudioContext | null = null;
const buffers = new Map<string, Promise<AudioBuffer | null>>();

function contextClass(): ContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: ContextClass; webkitAudioContext?: ContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** The URLs a running timer may play with these settings. */
export function timerSoundUrls(settings: TimerSettings): string[] {
  const urls = new Set<string>();
  if (settings.sound_enabled) {
    urls.add(alarmSoundUrl(settings.focus_end_sound));
    urls.add(alarmSoundUrl(settings.break_end_sound));
  }
  if (settings.warning_chime_enabled) urls.add(WARNING_SOUND_URL);
  if (settings.ticking_enabled) urls.add(TICK_SOUND_URL);
  return [...urls];
}

function load(url: string): Promise<AudioBuffer | null> {
  const ctx = context;
  if (!ctx) return Promise.resolve(null);
  let pending = buffers.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => ctx.decodeAudioData(bytes))
      .catch(() => null);
    buffers.set(url, pending);
    // A failed load is forgotten, so the next unlock tries again (offline, then online).
    void pending.then((buffer) => {
      if (!buffer) buffers.delete(url);
    });
  }
  return pending;
}

/**
 * Call inside a click: creates or resumes the audio context (browsers let a page make sound only
 * after a gesture) and starts loading `urls`. Safe to call on every click.
 */
export function unlockAudio(urls: readonly string[]): void {
  const Context = contextClass();
  if (!Context) return;
  try {
    context ??= new Context();
  } catch {
    return;
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  try {
    // iOS unlocks only once a sound has started inside the gesture: one silent sample.
    const silence = context.createBufferSource();
    silence.buffer = context.createBuffer(1, 1, 22050);
    silence.connect(context.destination);
    silence.start(0);
  } catch {
    // Nothing to unlock with; playback falls back to an Audio element.
  }
  for (const url of urls) void load(url);
}

function playWithElement(url: string, gain: number): void {
  try {
    const audio = new Audio(url);
    audio.volume = gain;
    // Autoplay may be refused before any interaction with the page; nothing else to do then.
    void audio.play()?.catch(() => undefined);
  } catch {
    // No audio support.
  }
}

/** Plays `url` at `volume` (0-100; 0 plays nothing). */
export function playSound(url: string, volume: number): void {
  const gain = volumeGain(volume);
  if (gain <= 0) return;
  const ctx = context;
  if (!ctx || ctx.state === 'closed') {
    playWithElement(url, gain);
    return;
  }
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  void load(url).then((buffer) => {
    if (!buffer) {
      playWithElement(url, gain);
      return;
    }
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const level = ctx.createGain();
    level.gain.value = gain;
    source.connect(level);
    level.connect(ctx.destination);
    source.start();
  });
}

/** The settings dialog's preview button: a click, so it unlocks first. */
export function previewSound(url: string, volume: number): void {
  unlockAudio([url]);
  playSound(url, volume);
}

/** Tests start without a context or loaded sounds. */
export function resetAudioForTests(): void {
  context = null;
  buffers.clear();
}
