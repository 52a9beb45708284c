/**
 * What the ambient mixer offers the rest of the app (docs/decisions/066): its store for the
 * Sounds button, and the phase follow that app/ joins to the timer.
 */
export { ambientStore, followTimerPhase, setAmbientPhaseQuietly } from './ambient-store';
