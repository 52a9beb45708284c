import { addDays } from '@focusroom/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ActivityHeatmap, emptyYear, heatLevel } from './activity-heatmap';

const TODAY = '2026-11-22'; // a Sunday

function year() {
  return emptyYear(TODAY).map((day) =>
    day.date === TODAY
      ? { ...day, count: 3, minutes: 75 }
      : day.date === addDays(TODAY, -1)
        ? { ...day, count: 1, minutes: 25 }
        : day,
  );
}

describe('the year calendar', () => {
  it('grades days from no sessions to the busiest', () => {
    expect(heatLevel(0, 0, 100)).toBe(0);
    expect(heatLevel(5, 1, 100)).toBe(1);
    expect(heatLevel(50, 2, 100)).toBe(2);
    expect(heatLevel(100, 4, 100)).toBe(4);
    expect(heatLevel(0, 1, 0)).toBe(1);
  });

  it('has one cell per day, one tab stop on today, and words for each day', () => {
    renderWithProviders(<ActivityHeatmap days={year()} />);
    const grid = screen.getByRole('grid', { name: /Focus activity calendar/ });
    const cells = [...grid.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    expect(cells).toHaveLength(365);
    expect(within(grid).getAllByRole('row')).toHaveLength(7);
    const tabbable = cells.filter((c) => c.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]).toHaveAccessibleName('3 sessions · 75 min on Sun 22 Nov 2026');
    expect(grid).toHaveAccessibleDescription(/3 sessions · 75 min on Sun 22 Nov 2026/);
  });

  it('moves by a day with up and down and by a week with left and right, showing a tooltip', () => {
    renderWithProviders(<ActivityHeatmap days={year()} />);
    const today = document.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')!;
    act(() => today.focus());
    expect(document.querySelector('.fr-heat-tip')).toHaveTextContent(
      '3 sessions · 75 min on Sun 22 Nov 2026',
    );
    fireEvent.keyDown(today, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveAccessibleName('1 session · 25 min on Sat 21 Nov 2026');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toHaveAccessibleName('No sessions on Sat 14 Nov 2026');
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toHaveAccessibleName(/Sun 23 Nov 2025$/);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toHaveAccessibleName(/Sun 22 Nov 2026$/);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.querySelector('.fr-heat-tip')).toBeNull();
  });

  it('describes each month in a table for screen readers', () => {
    renderWithProviders(<ActivityHeatmap days={year()} />);
    const table = screen.getByRole('table', { name: 'Focus sessions per month' });
    expect(table).toHaveTextContent('November 2026');
    const november = screen.getByRole('row', { name: /November 2026/ });
    expect(november).toHaveTextContent('November 20264');
  });
});
