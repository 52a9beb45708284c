import {
  TIMER_TYPES,
  WCAG_AA_TEXT_CONTRAST,
  composite,
  contrastRatio,
  parseColor,
} from '@focusroom/core';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ON_ACCENT_TEXT,
  PHASE_ACCENTS,
  applyPhaseAccent,
  phaseAccentAttributes,
} from '../features/timer/phase-accent';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from '../features/timer/timer-store';
import { PhaseAccent } from './phase-accent';
import { BODY_COLOR } from './theme';

/** The timer card's surface (timer.css `.fr-card`), laid over the page. */
const CARD_SURFACE = 'rgba(26, 21, 40, 0.78)';

describe('the phase accent', () => {
  const body = parseColor(BODY_COLOR);

  it.each(TIMER_TYPES)('reads at WCAG AA as text in the %s phase, wherever it is drawn', (type) => {
    const accent = PHASE_ACCENTS[type];
    // The lightest backgrounds the phase words sit on: the body under the page glow, the card on
    // that, and the tint behind the dial on top of both (focus mode and the mini timer use the
    // tint straight on the body).
    const glowed = composite(parseColor(accent.glow), body);
    const card = composite(parseColor(CARD_SURFACE), glowed);
    const backgrounds = {
      body,
      glowed,
      card,
      dial: composite(parseColor(accent.soft), card),
      overlay: composite(parseColor(accent.soft), body),
    };
    for (const [where, background] of Object.entries(backgrounds)) {
      expect
        .soft(contrastRatio(accent.text, background), `${type} accent on ${where}`)
        .toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
    }
    // The pressed type tab: dark text on an accent fill.
    expect(contrastRatio(ON_ACCENT_TEXT, accent.text)).toBeGreaterThanOrEqual(
      WCAG_AA_TEXT_CONTRAST,
    );
  });

  it('would catch a colour that falls short', () => {
    // The check is not vacuous: the mid purple of the ring's end does not read as text here.
    expect(contrastRatio(PHASE_ACCENTS.pomodoro.ringTo, body)).toBeLessThan(WCAG_AA_TEXT_CONTRAST);
  });

  describe('on the page', () => {
    let controller: TimerController;

    beforeEach(() => {
      controller = createTimerController();
      resetTimerControllerForTests(controller);
    });

    afterEach(() => {
      resetTimerControllerForTests(null);
      document.documentElement.removeAttribute('data-phase');
      document.documentElement.removeAttribute('style');
    });

    it("follows the timer's phase on <html>", () => {
      const root = document.documentElement;
      render(<PhaseAccent />);
      expect(root.dataset.phase).toBe('pomodoro');
      expect(root.style.getPropertyValue('--fr-accent')).toBe(PHASE_ACCENTS.pomodoro.text);

      act(() => void controller.dispatch({ type: 'skip' }));
      expect(root.dataset.phase).toBe('short_break');
      expect(root.style.getPropertyValue('--fr-accent')).toBe(PHASE_ACCENTS.short_break.text);
      expect(root.style.getPropertyValue('--fr-accent-glow')).toBe(PHASE_ACCENTS.short_break.glow);

      act(() => void controller.dispatch({ type: 'select', timerType: 'long_break' }));
      expect(root.dataset.phase).toBe('long_break');
      expect(root.style.getPropertyValue('--fr-ring-to')).toBe(PHASE_ACCENTS.long_break.ringTo);
    });

    it('writes nothing to an element that already carries the HTML the build gives <html>', () => {
      // A write to <html>, even of the value it had, restyles the whole page.
      const holder = document.createElement('div');
      holder.innerHTML = `<p ${phaseAccentAttributes('pomodoro')}></p>`;
      const element = holder.firstElementChild as HTMLElement;
      const setProperty = vi.spyOn(element.style, 'setProperty');
      const setAttribute = vi.spyOn(element, 'setAttribute');
      applyPhaseAccent(element, 'pomodoro');
      expect(setProperty).not.toHaveBeenCalled();
      expect(setAttribute).not.toHaveBeenCalled();
      expect(element.dataset.phase).toBe('pomodoro');

      applyPhaseAccent(element, 'long_break');
      expect(element.dataset.phase).toBe('long_break');
      expect(element.style.getPropertyValue('--fr-accent')).toBe(PHASE_ACCENTS.long_break.text);
      expect(setProperty).toHaveBeenCalled();
    });
  });
});
