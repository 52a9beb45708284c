import { WEEKDAYS, addDays, weekdayOf } from '@focusroom/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ActivityHeatmap, emptyYear, heatLevel, heatmapLayout } from './activity-heatmap';

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

  it('starts its weeks on the locale’s first day: Monday in English', () => {
    const { cells, columns, weekdays } = heatmapLayout(year(), 'en');
    expect(weekdays.map((w) => w.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(cells.filter((c) => c.row === 0).every((c) => weekdayOf(c.date) === 'Monday')).toBe(
      true,
    );
    // Sunday 22 Nov 2026 ends the last week, on the bottom row.
    expect(cells.at(-1)).toMatchObject({ date: TODAY, row: 6, column: 52 });
    expect(columns).toBe(53);
  });

  it('starts its weeks on Sunday in a Sunday-first locale (en-US, ja)', () => {
    for (const locale of ['en-US', 'ja']) {
      const { cells, columns, weekdays } = heatmapLayout(year(), locale);
      expect(weekdays.map((w) => WEEKDAYS[w.index])).toEqual([
        'Sunday',
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
      ]);
      expect(cells.filter((c) => c.row === 0).every((c) => weekdayOf(c.date) === 'Sunday')).toBe(
        true,
      );
      // The year starts on Sunday 23 Nov 2025, top left; Sunday 22 Nov 2026 opens a week alone.
      expect(cells[0]).toMatchObject({ date: '2025-11-23', row: 0, column: 0 });
      expect(cells.at(-1)).toMatchObject({ date: TODAY, row: 0, column: 52 });
      expect(columns).toBe(53);
    }
    expect(heatmapLayout(year(), 'ja').weekdays.map((w) => w.label)).toEqual([
      '日',
      '月',
      '火',
      '水',
      '木',
      '金',
      '土',
    ]);
  });

  it('starts its weeks on Saturday in Arabic, and labels the rows in Arabic', () => {
    const { cells, weekdays } = heatmapLayout(year(), 'ar');
    expect(weekdays[0]).toEqual({ index: 5, label: 'السبت' });
    expect(cells.filter((c) => c.row === 0).every((c) => weekdayOf(c.date) === 'Saturday')).toBe(
      true,
    );
    // Sunday 23 Nov 2025 is the second day of a week that began on Saturday the 22nd.
    expect(cells[0]).toMatchObject({ date: '2025-11-23', row: 1, column: 0 });
    expect(cells.at(-1)).toMatchObject({ date: TODAY, row: 1, column: 52 });

    renderWithProviders(<ActivityHeatmap days={year()} locale="ar" />);
    const grid = screen.getByRole('grid', { name: /Focus activity calendar/ });
    const labels = [...grid.querySelectorAll('.fr-heatmap-weekday')].map((l) => l.textContent);
    expect(labels).toEqual(['السبت', '', 'الاثنين', '', 'الأربعاء', '', 'الجمعة']);
    const firstRow = within(grid).getAllByRole('row')[0]!;
    const saturdays = within(firstRow).getAllByRole('gridcell');
    expect(saturdays[0]).toHaveAccessibleName('No sessions on السبت، 29 نوفمبر 2025');
  });

  it('puts Sunday on the top row of the rendered grid in a Sunday-first locale', () => {
    renderWithProviders(<ActivityHeatmap days={year()} locale="en-US" />);
    const grid = screen.getByRole('grid', { name: /Focus activity calendar/ });
    const labels = [...grid.querySelectorAll('.fr-heatmap-weekday')].map((l) => l.textContent);
    expect(labels).toEqual(['Sun', '', 'Tue', '', 'Thu', '', 'Sat']);
    const firstRow = within(grid).getAllByRole('row')[0]!;
    const sundays = within(firstRow).getAllByRole('gridcell');
    expect(sundays).toHaveLength(53);
    expect(sundays[0]).toHaveAccessibleName('No sessions on Sun Nov 23, 2025');
    expect(sundays.at(-1)).toHaveAccessibleName('3 sessions · 75 min on Sun Nov 22, 2026');
  });
});
