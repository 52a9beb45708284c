import type { TimerType } from '@focusroom/core';

/**
 * The accent that follows the timer's phase (product §1): purple for a pomodoro, green for a
 * short break, blue for a long break. One palette for the page (the app sets it on <html>), the
 * timer and the mini timer's window. `text` is read as text on the dark body and cards, and
 * `onAccent` is the text drawn on an accent fill; app/phase-accent.test.ts proves both read at
 * WCAG AA.
 */
export interface PhaseAccent {
  /** Phase words, the pressed type tab: text on the dark body. */
  text: string;
  /** A tint behind the dial. */
  soft: string;
  /** The page background's glow. */
  glow: string;
  ringFrom: string;
  ringTo: string;
}

export const PHASE_ACCENTS: Record<TimerType, PhaseAccent> = {
  pomodoro: {
    text: '#c4b5fd',
    soft: 'rgba(139, 92, 246, 0.16)',
    glow: 'rgba(124, 58, 237, 0.18)',
    ringFrom: '#c4b5fd',
    ringTo: '#7c3aed',
  },
  short_break: {
    text: '#6ee7b7',
    soft: 'rgba(16, 185, 129, 0.14)',
    glow: 'rgba(16, 185, 129, 0.16)',
    ringFrom: '#a7f3d0',
    ringTo: '#059669',
  },
  long_break: {
    text: '#93c5fd',
    soft: 'rgba(59, 130, 246, 0.16)',
    glow: 'rgba(37, 99, 235, 0.2)',
    ringFrom: '#bfdbfe',
    ringTo: '#2563eb',
  },
};

/** Dark text on an accent fill (the pressed type tab). */
export const ON_ACCENT_TEXT = '#120d1f';

/** The CSS custom properties the stylesheets read (timer.css, app.css, the mini timer). */
export function phaseAccentVariables(type: TimerType): Record<string, string> {
  const accent = PHASE_ACCENTS[type];
  return {
    '--fr-accent': accent.text,
    '--fr-on-accent': ON_ACCENT_TEXT,
    '--fr-accent-soft': accent.soft,
    '--fr-accent-glow': accent.glow,
    '--fr-ring-from': accent.ringFrom,
    '--fr-ring-to': accent.ringTo,
  };
}

/**
 * Puts the phase's accent on an element (a document's root): `data-phase` for stylesheets and
 * the custom properties through the CSSOM, which the content security policy allows. Only what
 * differs is written: a custom property set on <html> restyles the whole page, even to the value
 * it had, and a pre-rendered page already carries the focus phase's (`phaseAccentAttributes`).
 */
export function applyPhaseAccent(element: HTMLElement, type: TimerType): void {
  if (element.dataset.phase !== type) element.dataset.phase = type;
  for (const [name, value] of Object.entries(phaseAccentVariables(type))) {
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
  }
}

/**
 * The attributes `applyPhaseAccent` gives <html> for `type`, as HTML: the build writes the focus
 * phase's into the shell's <html>, so a page paints its dial, tabs and glow in the accent before
 * any script has run, and the app finds nothing to change on hydrating (docs/decisions/043).
 */
export function phaseAccentAttributes(type: TimerType): string {
  const style = Object.entries(phaseAccentVariables(type))
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  return `data-phase="${type}" style="${style}"`;
}
