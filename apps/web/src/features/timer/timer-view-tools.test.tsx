import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MiniTimerHost } from './mini-timer-host';
import { closeMiniTimer } from './mini-timer-window';
import { TimerPanel } from './timer-panel';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';

/** jsdom has no Fullscreen API: a stand-in that records requests and fires fullscreenchange. */
function installFullscreen() {
  let element: Element | null = null;
  const set = (next: Element | null) => {
    element = next;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  const request = vi.fn(function (this: Element) {
    set(this);
    return Promise.resolve();
  });
  const exit = vi.fn(() => {
    set(null);
    return Promise.resolve();
  });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(Element.prototype, 'requestFullscreen', {
    configurable: true,
    value: request,
  });
  return {
    request,
    exit,
    /** The browser leaves full screen on its own (its Esc, its exit control). */
    browserExit: () => set(null),
    uninstall: () => {
      for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen'] as const) {
        delete (document as unknown as Record<string, unknown>)[key];
      }
      delete (Element.prototype as unknown as Record<string, unknown>).requestFullscreen;
    },
  };
}

describe('focus mode', () => {
  let controller: TimerController;
  let fullscreen: ReturnType<typeof installFullscreen>;

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
    fullscreen = installFullscreen();
  });

  afterEach(() => {
    fullscreen.uninstall();
    resetTimerControllerForTests(null);
  });

  const button = () => screen.getByRole('button', { name: 'Focus mode' });
  const card = () => screen.getByRole('timer').closest('.fr-timer-card')!;

  it('enters with F (full screen, the rest of the page inert) and leaves with F', async () => {
    renderWithProviders(<TimerPanel />);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(button()).toHaveAttribute('aria-keyshortcuts', 'F');

    fireEvent.keyDown(document.body, { key: 'f' });
    expect(fullscreen.request).toHaveBeenCalledTimes(1);
    expect(fullscreen.request.mock.contexts[0]).toBe(document.documentElement);
    expect(button()).toHaveAttribute('aria-pressed', 'true');
    expect(card()).toHaveAttribute('data-focus-mode', 'true');
    // The focus mode module arrives lazily, then the tasks beside the card leave the tab order.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-focus-mode'));
    const tasks = screen.getByRole('heading', { name: 'Tasks', hidden: true }).parentElement!;
    expect(tasks.inert).toBe(true);

    fireEvent.keyDown(document.body, { key: 'F' });
    expect(fullscreen.exit).toHaveBeenCalledTimes(1);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(card()).not.toHaveAttribute('data-focus-mode');
    expect(document.documentElement).not.toHaveAttribute('data-focus-mode');
    expect(tasks.inert).toBe(false);
  });

  it('leaves with Esc, and when the browser ends full screen itself', async () => {
    renderWithProviders(<TimerPanel />);
    fireEvent.click(button());
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-focus-mode'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(fullscreen.exit).toHaveBeenCalled();

    fireEvent.click(button());
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-focus-mode'));
    act(() => fullscreen.browserExit());
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(card()).not.toHaveAttribute('data-focus-mode');
  });

  it('still covers the page where full screen is not available', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    renderWithProviders(<TimerPanel />);
    fireEvent.keyDown(document.body, { key: 'f' });
    expect(fullscreen.request).not.toHaveBeenCalled();
    expect(card()).toHaveAttribute('data-focus-mode', 'true');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-focus-mode'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(card()).not.toHaveAttribute('data-focus-mode');
  });

  it('ignores F while typing, and lists it among the shortcuts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TimerPanel />);
    await user.click(screen.getByRole('textbox', { name: 'Current task' }));
    await user.keyboard('Fix the fan');
    expect(fullscreen.request).not.toHaveBeenCalled();
    expect(button()).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = within(dialog).getByText('F').closest('tr')!;
    expect(row).toHaveTextContent(/Focus mode/);
  });
});

describe('the mini timer button', () => {
  let controller: TimerController;

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    closeMiniTimer();
    delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
    resetTimerControllerForTests(null);
  });

  it('is not offered where the browser has no Document Picture-in-Picture', () => {
    expect('documentPictureInPicture' in window).toBe(false);
    renderWithProviders(<TimerPanel />);
    expect(screen.getByRole('button', { name: 'Focus mode' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mini timer' })).not.toBeInTheDocument();
  });

  it('opens a window that shows the timer and drives it, where the browser has the API', async () => {
    // A real second document (an iframe's window) stands in for the floating window.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const floating = frame.contentWindow!;
    const close = vi.spyOn(floating, 'close').mockImplementation(() => undefined);
    const requestWindow = vi.fn(() => Promise.resolve(floating));
    Object.defineProperty(window, 'documentPictureInPicture', {
      configurable: true,
      value: { requestWindow, window: null },
    });

    renderWithProviders(
      <>
        <TimerPanel />
        <MiniTimerHost />
      </>,
    );
    const open = screen.getByRole('button', { name: 'Mini timer' });
    expect(open).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(open);
    expect(requestWindow).toHaveBeenCalledTimes(1);

    const mini = within(floating.document.body);
    expect(await mini.findByRole('timer')).toHaveTextContent('25:00');
    expect(mini.getByText('Pomodoro')).toBeInTheDocument();
    expect(open).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(mini.getByRole('button', { name: 'Start' }));
    expect(controller.store.getState().timer.status).toBe('running');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    fireEvent.click(mini.getByRole('button', { name: 'Pause' }));
    expect(controller.store.getState().timer.status).toBe('paused');
    fireEvent.click(mini.getByRole('button', { name: 'Skip' }));
    expect(controller.store.getState().timer.type).toBe('short_break');
    expect(mini.getByRole('timer')).toHaveTextContent('05:00');
    expect(floating.document.documentElement.dataset.phase).toBe('short_break');

    fireEvent.click(open);
    expect(close).toHaveBeenCalled();
    await waitFor(() => expect(open).toHaveAttribute('aria-pressed', 'false'));
    frame.remove();
  });
});
