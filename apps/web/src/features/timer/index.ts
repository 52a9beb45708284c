/**
 * What the timer offers the rest of the app (docs/decisions/066): the engine the layout mounts
 * once, the panel of / and /dashboard, the badge of the top bar and drawer, the store's selector
 * and the phase accent app/ puts on <html>.
 */
export { applyPhaseAccent } from './phase-accent';
export { TimerBadge } from './timer-badge-slot';
export { TimerEngine } from './timer-engine';
export { preloadTimerPanel, TimerPanel } from './timer-panel';
export { useTimerStore } from './use-timer';
