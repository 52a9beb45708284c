import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { announceUpdate } from '../app-update';
import { offerUpdates, type UpdatableWorker } from '../register-service-worker';
import { UpdateBanner } from './update-banner';

/** A stand-in for workbox-window's Workbox that fires its events on demand. */
function fakeWorker() {
  const listeners: Record<string, (() => void)[]> = {};
  const worker: UpdatableWorker & { fire(type: string): void; skipped: number } = {
    skipped: 0,
    addEventListener(type, listener) {
      (listeners[type] ??= []).push(listener);
    },
    messageSkipWaiting() {
      worker.skipped++;
    },
    fire(type) {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
  return worker;
}

describe('the new-version prompt', () => {
  afterEach(() => act(() => announceUpdate(null)));

  it('shows nothing until a new version is waiting', () => {
    renderWithProviders(<UpdateBanner />);
    expect(screen.queryByText(/new version/)).toBeNull();
  });

  it('switches to the waiting version and reloads only when asked', async () => {
    const worker = fakeWorker();
    const reload = vi.fn();
    offerUpdates(worker, reload);
    renderWithProviders(<UpdateBanner />);
    act(() => worker.fire('waiting'));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Focusroom is ready.');
    expect(worker.skipped).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.skipped).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => worker.fire('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away on Later and comes back for a newer version', async () => {
    const worker = fakeWorker();
    offerUpdates(worker, vi.fn());
    renderWithProviders(<UpdateBanner />);
    act(() => worker.fire('waiting'));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText(/new version/)).toBeNull();
    act(() => worker.fire('waiting'));
    expect(screen.getByText('A new version of Focusroom is ready.')).toBeInTheDocument();
  });
});
