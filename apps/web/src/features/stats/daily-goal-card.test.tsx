import { emptyStatsSummary, type StatsSummary } from '@focusroom/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DailyGoalCard } from './daily-goal-card';

function statsWithToday(count: number): StatsSummary {
  const stats = emptyStatsSummary();
  return {
    ...stats,
    activityHeatmap: [
      { date: '2026-11-22', count: 9, minutes: 225 },
      { date: '2026-11-23', count, minutes: count * 25 },
    ],
  };
}

function serveSettings(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

describe('the daily goal card on /stats', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows today's completed sessions against the user's goal", async () => {
    serveSettings({ daily_goal: 5 });
    renderWithProviders(<DailyGoalCard stats={statsWithToday(3)} loading={false} />);
    const meter = await screen.findByRole('progressbar', { name: 'Daily goal' });
    expect(meter).toHaveAttribute('aria-valuenow', '3');
    expect(meter).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByText("2 more pomodoros to reach today's goal.")).toBeInTheDocument();
  });

  it('says so when the goal is reached, and uses the default goal of 8 without settings', async () => {
    serveSettings({});
    renderWithProviders(<DailyGoalCard stats={statsWithToday(8)} loading={false} />);
    const meter = await screen.findByRole('progressbar', { name: 'Daily goal' });
    expect(meter).toHaveAttribute('aria-valuemax', '8');
    expect(meter).toHaveAttribute('aria-valuetext', '8 of 8 pomodoros today, goal reached');
    expect(screen.getByText('Goal reached today. Well done!')).toBeInTheDocument();
  });
});
