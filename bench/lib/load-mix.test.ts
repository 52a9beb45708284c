import { readFileSync } from 'node:fs';
import { STATS_REFRESH_THROTTLE_MS, THEME_REFRESH_MIN_GAP_MS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  REQUESTS,
  STATS_REFRESH_SECONDS,
  THEME_CHECK_SECONDS,
  activities,
  login,
  mixOptionsFromEnv,
  pageLoad,
  type Activity,
} from './load-mix.js';
import type { RouteCounts, TabRecording } from './tab-recording.js';

/*
 * The load model against what a real tab sent (decision 062): bench/record-tab.ts wrote the
 * recording in Debian Chromium on the built app. A change to what the app sends shows in a new
 * recording, and this test then says which constant of the model no longer agrees.
 */

const recording = JSON.parse(
  readFileSync(new URL('../results/tab-requests.json', import.meta.url), 'utf8'),
) as TabRecording;

const workbox = Object.keys(recording.events['page load (reload, timer running)'] ?? {})
  .find((route) => route.startsWith('GET /workbox-'))
  ?.slice('GET /'.length);
const MIX = mixOptionsFromEnv({}, workbox);

/** Route -> requests, whatever their status. */
function totals(counts: RouteCounts | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [route, byStatus] of Object.entries(counts ?? {})) {
    out[route] = Object.values(byStatus).reduce((a, b) => a + b, 0);
  }
  return out;
}

function sent(list: Activity['stages'][number]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const req of list) out[req.route] = (out[req.route] ?? 0) + 1;
  return out;
}

/** The requests per minute of a tab's own refreshes in the model (no events). */
function refreshesPerMinute(stats: boolean): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of activities(MIX, stats)) {
    if (a.name !== 'theme check' && a.name !== 'stats refresh') continue;
    for (const req of a.stages.flat())
      out[req.route] = (out[req.route] ?? 0) + 60 / a.periodSeconds;
  }
  return out;
}

/** Rates agree within one request over the recorded minutes (the recording's resolution). */
function expectRatesToAgree(model: Record<string, number>, recorded: Record<string, number>) {
  const minutes = recording.minutesPerState;
  expect(Object.keys(model).sort()).toEqual(Object.keys(recorded).sort());
  for (const [route, perMinute] of Object.entries(recorded)) {
    expect(Math.abs(model[route]! - perMinute) * minutes, route).toBeLessThanOrEqual(1);
  }
}

describe('the load model against the recorded tab', () => {
  it('was recorded for long enough to tell a refresh a minute from none', () => {
    expect(recording.minutesPerState).toBeGreaterThanOrEqual(3);
  });

  it('a timer tab refreshes as recorded, running or idle', () => {
    expectRatesToAgree(
      refreshesPerMinute(false),
      totals(recording.states['dashboard, pomodoro running']?.perMinute),
    );
    expectRatesToAgree(
      refreshesPerMinute(false),
      totals(recording.states['dashboard, timer idle']?.perMinute),
    );
  });

  it('a stats tab refreshes as recorded, every refresh after the first a 304', () => {
    const stats = recording.states.stats!.perMinute;
    expectRatesToAgree(refreshesPerMinute(true), totals(stats));
    for (const byStatus of Object.values(stats)) expect(Object.keys(byStatus)).toEqual(['304']);
  });

  it('the refresh periods are the app’s own constants', () => {
    expect(THEME_CHECK_SECONDS * 1000).toBe(THEME_REFRESH_MIN_GAP_MS);
    expect(STATS_REFRESH_SECONDS * 1000).toBe(STATS_REFRESH_THROTTLE_MS);
  });

  it('a page load sends what the recorded reload sent, and a stats tab’s adds what opening /stats sent', () => {
    const reload = totals(recording.events['page load (reload, timer running)']);
    expect(sent(pageLoad(MIX, false).stages.flat())).toEqual(reload);
    const openStats = totals(recording.events['open stats']);
    const withStats = { ...reload };
    for (const [route, n] of Object.entries(openStats))
      withStats[route] = (withStats[route] ?? 0) + n;
    expect(sent(pageLoad(MIX, true).stages.flat())).toEqual(withStats);
    expect(pageLoad(MIX, false).dropsAppTags).toBe(true);
  });

  it('a login sends the sign-in page’s calls, the login and what followed it, as recorded', () => {
    const firstVisit = totals(recording.events['first visit (/login, service worker installs)']);
    const pageCalls = Object.fromEntries(
      Object.entries(firstVisit).filter(([route]) => route.includes(' /api/')),
    );
    const expected = { ...totals(recording.events.login) };
    for (const [route, n] of Object.entries(pageCalls))
      expected[route] = (expected[route] ?? 0) + n;
    const model = login(MIX);
    expect(sent(model.stages.flat())).toEqual(expected);
    // The login goes alone, after the page's calls and before what needs its token.
    expect(model.stages[1]).toEqual([REQUESTS.login]);
  });

  it('a pomodoro completing sends what the recorded one sent', () => {
    const model = activities(MIX, false).find((a) => a.name === 'pomodoro completes')!;
    expect(sent(model.stages.flat())).toEqual(totals(recording.events['pomodoro completes']));
  });

  it('starting a pomodoro sends what the recorded start sent', () => {
    const model = activities(MIX, false).find((a) => a.name === 'pomodoro starts')!;
    expect(sent(model.stages.flat())).toEqual(totals(recording.events['start a pomodoro']));
  });
});
