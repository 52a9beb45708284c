import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DIR } from './env.js';

/*
 * The browser side of YouTube for e2e tests (product §2, §4 music player): the IFrame Player API
 * is a fake served by route interception, embeds are blank pages and thumbnails a local picture,
 * so the browser never leaves the machine. Shared by the music player and ambient mixer specs.
 */

const ARTWORK = path.join(E2E_DIR, '..', 'apps', 'web', 'public', 'icons', 'icon-192.png');

/**
 * A stand-in for https://www.youtube.com/iframe_api: YT.Player attaches to the iframe it is
 * given, reports ready, and answers playVideo/pauseVideo/loadVideoById with state changes. The
 * test reads what it was asked in window.__yt and can end the video or fail it.
 */
const FAKE_IFRAME_API = `
(() => {
  const yt = (window.__yt = { calls: [], player: null });
  class Player {
    constructor(element, options) {
      this.element = typeof element === 'string' ? document.getElementById(element) : element;
      this.events = options.events || {};
      yt.player = this;
      yt.calls.push('new ' + this.element.getAttribute('src'));
      setTimeout(() => this.events.onReady && this.events.onReady({ target: this }), 30);
    }
    emit(data) { this.events.onStateChange && this.events.onStateChange({ target: this, data }); }
    playVideo() { yt.calls.push('playVideo'); setTimeout(() => this.emit(1), 10); }
    pauseVideo() { yt.calls.push('pauseVideo'); setTimeout(() => this.emit(2), 10); }
    stopVideo() { yt.calls.push('stopVideo'); }
    loadVideoById(id) { yt.calls.push('load ' + id); setTimeout(() => this.emit(1), 10); }
    setVolume(v) { yt.volume = v; }
    destroy() { yt.calls.push('destroy'); }
  }
  yt.end = () => yt.player.emit(0);
  yt.fail = (code) => yt.player.events.onError({ target: yt.player, data: code });
  window.YT = { Player };
  setTimeout(() => window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady(), 0);
})();
`;

export async function fakeYouTubeInBrowser(page: Page): Promise<{ apiRequests: string[] }> {
  const apiRequests: string[] = [];
  await page.route('https://www.youtube.com/iframe_api', (route) => {
    apiRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_IFRAME_API });
  });
  await page.route('https://www.youtube.com/embed/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>video</title><body style="background:#111"></body>',
    }),
  );
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ path: ARTWORK }));
  return { apiRequests };
}

/**
 * What the fake player was asked so far ('playVideo', 'pauseVideo', 'load <id>', ...); nothing
 * while the fake API has not loaded yet, so a poll waits for it instead of failing.
 */
export const ytCalls = (page: Page) =>
  page.evaluate(() => (window as never as { __yt?: { calls: string[] } }).__yt?.calls ?? []);
