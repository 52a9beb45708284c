import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import {
  SERVER_STATS,
  SESSIONS,
  STATS,
  loaded,
  renderState,
  serve,
  setUpStatsStateTests,
  signedIn,
} from './stats-test-kit';
import { statsStore } from './stats-store';

describe('the automatic refresh of the statistics', () => {
  setUpStatsStateTests();

  it('refreshes on focus only when the throttle allows, and waits longer after a server error', async () => {
    const api = serve({
      [STATS]: () => jsonResponse(SERVER_STATS),
      [SESSIONS]: () => jsonResponse([]),
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(api.count(STATS)).toBe(1);

    statsStore.setState({ lastRefreshAt: Date.now() - 61_000, afterServerError: true });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(api.count(STATS)).toBe(1);

    statsStore.setState({ lastRefreshAt: Date.now() - 61_000, afterServerError: false });
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(api.count(STATS)).toBe(2));
  });
});
