import { startPulse, type PulseCommand } from './pulse-schedule';

/**
 * The dedicated Worker of decision 005. A Worker's timers are not throttled like a hidden page's
 * (Chromium: once a minute after five minutes hidden), so this pulse reaches the main thread on
 * time; the main thread reads its own clock and applies 'tick'.
 */
/** The bits of DedicatedWorkerGlobalScope used here (the web project compiles with DOM types). */
interface PulseScope {
  onmessage: ((event: MessageEvent<PulseCommand>) => void) | null;
  postMessage(message: 'pulse'): void;
}

const scope = self as unknown as PulseScope;
let stop: (() => void) | null = null;

scope.onmessage = (event: MessageEvent<PulseCommand>) => {
  stop?.();
  stop = null;
  const command = event.data;
  if (command.type === 'run') {
    stop = startPulse(command.anchor, Date.now, () => scope.postMessage('pulse'), {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  }
};
