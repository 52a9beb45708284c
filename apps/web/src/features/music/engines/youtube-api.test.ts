import { MUSIC_TIMINGS } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module keeps its state for the page's life, so each test loads a fresh copy. */
async function freshApi() {
  vi.resetModules();
  return import('./youtube-api');
}

const scripts = () =>
  Array.from(document.head.querySelectorAll('script')).filter(
    (script) => script.src === 'https://www.youtube.com/iframe_api',
  );

function failLastScript() {
  scripts().at(-1)!.dispatchEvent(new Event('error'));
}

beforeEach(() => {
  document.head.replaceChildren();
  delete window.YT;
  delete window.onYouTubeIframeAPIReady;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading the YouTube IFrame API (decision 053)', () => {
  it('adds its script once while it loads, and resolves when YouTube says it is ready', async () => {
    const api = await freshApi();
    const first = api.loadYouTubeApi();
    const second = api.loadYouTubeApi();
    expect(scripts()).toHaveLength(1);
    window.YT = { Player: vi.fn() as never };
    window.onYouTubeIframeAPIReady?.();
    await expect(first).resolves.toBe(window.YT);
    await expect(second).resolves.toBe(window.YT);
    expect(api.youTubeApiUnreachable()).toBe(false);
  });

  it('after a failed load, fetches the script again only when told to retry', async () => {
    const api = await freshApi();
    const first = api.loadYouTubeApi();
    failLastScript();
    await expect(first).rejects.toThrow();
    expect(api.youTubeApiUnreachable()).toBe(true);
    expect(scripts()).toHaveLength(0);

    // The player's own skips: no new request, however often.
    for (let i = 0; i < 5; i += 1) await expect(api.loadYouTubeApi()).rejects.toThrow();
    expect(scripts()).toHaveLength(0);

    // A person pressed play: one new request.
    const retried = api.loadYouTubeApi({ retryFailed: true });
    expect(scripts()).toHaveLength(1);
    expect(api.youTubeApiUnreachable()).toBe(false);
    failLastScript();
    await expect(retried).rejects.toThrow();
  });

  it('tries again by itself once the browser is back online', async () => {
    const api = await freshApi();
    const first = api.loadYouTubeApi();
    failLastScript();
    await expect(first).rejects.toThrow();
    window.dispatchEvent(new Event('online'));
    expect(api.youTubeApiUnreachable()).toBe(false);
    void api.loadYouTubeApi().catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });

  it('counts a script that neither loads nor fails as failed after the timeout', async () => {
    vi.useFakeTimers();
    const api = await freshApi();
    const hanging = api.loadYouTubeApi();
    const settled = expect(hanging).rejects.toThrow();
    vi.advanceTimersByTime(MUSIC_TIMINGS.scriptLoadTimeoutMs - 1);
    expect(api.youTubeApiUnreachable()).toBe(false);
    vi.advanceTimersByTime(1);
    await settled;
    expect(api.youTubeApiUnreachable()).toBe(true);
    expect(scripts()).toHaveLength(0);
  });
});
