import { computeStats } from '@focusroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { setApiNavigator } from '../../lib/api-client';
import { resetStatsStateForTests } from './stats-store';
import { StatsPage } from './stats-page';
import { makeUser } from '../../../test/fixtures';

const USER_ID = '0195f0a4-0000-7000-8000-00000000000b';
const USER = makeUser({
  id: USER_ID,
  name: 'Ada',
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

function tokenFor(userId: string): string {
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ id: userId })).replace(/=+$/, '')}.sig`;
}

const STATS = computeStats({
  days: [
    { date: '2026-11-21', count: 2, minutes: 50 },
    { date: '2026-11-22', count: 1, minutes: 25 },
  ],
  totalSessions: 4,
  today: '2026-11-22',
});

const SESSION = {
  id: '0195f0a4-0000-7000-8000-000000000001',
  duration: 25,
  task: 'Write the report',
  completed: true,
  created_at: '2026-11-22T09:25:00.000Z',
  start_time: '2026-11-22T09:00:00.000Z',
  end_time: '2026-11-22T09:25:00.000Z',
  client_id: null,
};

function serve(stats: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/pomodoro/stats') return stats();
      if (url.pathname === '/api/pomodoro/sessions') return jsonResponse([SESSION]);
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
}

const signedIn = () => stubAuth({ status: 'authenticated', user: USER, token: tokenFor(USER_ID) });

function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt span' });
  return term.closest('.fr-summary-card')!.querySelector('dd')!;
}

describe('the statistics page', () => {
  beforeEach(() => {
    setApiNavigator(() => undefined);
    localStorage.setItem('token', tokenFor(USER_ID));
    resetStatsStateForTests();
    // jsdom lays nothing out, so recharts measures 0 × 0 and says so; that is not a failure.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes('of chart should be greater than 0')) return;
      warn(...args);
    });
  });

  it('shows the summary, the charts and the history', async () => {
    serve(() => jsonResponse(STATS));
    renderWithProviders(<StatsPage />, { auth: signedIn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    await waitFor(() => expect(card('Total sessions')).toHaveTextContent('4'));
    expect(card('Completed')).toHaveTextContent('3');
    expect(card('Total focus time')).toHaveTextContent('1 h 15 min');
    expect(card('Average session')).toHaveTextContent('25 min');
    expect(card('Longest streak')).toHaveTextContent(/day/);
    const history = screen.getByRole('list', { name: 'Session history' });
    expect(within(history).getByText('Write the report')).toBeInTheDocument();
    expect(within(history).getByText('25 min')).toBeInTheDocument();
    expect(
      await screen.findByRole('grid', { name: /Focus activity calendar/ }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Focus by weekday/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // The charts chunk (recharts) is transformed on first use here.
  }, 30_000);

  it('shows the server-error message of product §8, with the empty summary', async () => {
    serve(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderWithProviders(<StatsPage />, { auth: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Stats data may be incomplete: Server error (500): The API is currently experiencing issues',
    );
    expect(card('Total sessions')).toHaveTextContent('0');
    expect(screen.getByText('Write the report')).toBeInTheDocument();
  });
});
