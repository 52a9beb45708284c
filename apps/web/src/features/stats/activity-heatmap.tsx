import {
  HEATMAP_DAYS,
  addDays,
  dayOfWeekFrom,
  daysBetween,
  startOfWeek,
  weekdayOrder,
  type HeatmapEntry,
} from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Text, VisuallyHidden, useDirection } from '@mantine/core';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { currentLocale, firstDayOfWeek, formatWeekday } from '../../i18n/format';
import {
  dayActivityLabel,
  formatDay,
  formatMinutes,
  formatMonth,
  formatMonthYear,
} from './stats-format';

/**
 * A year of focus as a GitHub-style calendar: one column per week, its first day on top (the
 * locale's: Monday in `en`, Sunday in en-US, pt-BR and ja, Saturday in `ar`), one cell per
 * local day, purple by minutes. It is an ARIA grid with one tab stop: the arrow keys move by a
 * day (up/down) or a week (left/right), Home/End jump to the ends, and each cell says its day in
 * words. A monthly table and a summary describe it for screen readers.
 */

const GAP = 3;
const MIN_STEP = 14;
const MAX_STEP = 22;
const LABEL_WIDTH = 30;
const MONTH_HEIGHT = 18;

/**
 * The width of an element, kept up to date (0 until measured). Changes smaller than a scrollbar
 * are ignored: bigger cells make the page taller, a page scrollbar appears and narrows the card,
 * and following that would flip back and forth for ever.
 */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setWidth((previous) => {
        const next = element.clientWidth;
        return Math.abs(next - previous) > 24 ? next : previous;
      });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
export const HEAT_LEVELS = 5;

/** 0 for no sessions, then 1-4 by the day's share of the busiest day's minutes. */
export function heatLevel(minutes: number, count: number, maxMinutes: number): number {
  if (count <= 0 && minutes <= 0) return 0;
  if (maxMinutes <= 0) return 1;
  return Math.min(HEAT_LEVELS - 1, Math.max(1, Math.ceil((minutes / maxMinutes) * 4)));
}

interface Cell extends HeatmapEntry {
  index: number;
  column: number;
  row: number;
  level: number;
}

interface MonthRow {
  month: string;
  label: string;
  sessions: number;
  minutes: number;
  activeDays: number;
}

export interface ActivityHeatmapProps {
  /** Local days, oldest first (the stats' activityHeatmap). */
  days: readonly HeatmapEntry[];
  /** The locale whose words and week layout it uses; the page's own when absent. */
  locale?: string;
}

export function ActivityHeatmap({ days, locale = currentLocale() }: ActivityHeatmapProps) {
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const cellRefs = useRef<(HTMLDivElement | null)[]>([]);
  const [active, setActive] = useState(days.length - 1);
  const [tip, setTip] = useState<number | null>(null);
  const { t, i18n } = useLingui();
  const rtl = useDirection().dir === 'rtl';

  const { cells, columns, weekdays, months, totals, busiest } = useMemo(
    () => heatmapLayout(days, locale),
    [days, locale],
  );
  const activeIndex = Math.min(Math.max(active, 0), cells.length - 1);
  // Cells grow to fill a wide card; on a phone they keep a tappable size and the year scrolls.
  const available = useWidth(scrollRef);
  const step =
    columns > 0 && available > 0
      ? Math.min(MAX_STEP, Math.max(MIN_STEP, Math.floor((available - LABEL_WIDTH) / columns)))
      : MIN_STEP;
  const cell = step - GAP;

  // The newest weeks are the interesting ones: start scrolled to the end on a narrow screen.
  useEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [cells.length, step]);

  if (cells.length === 0) return null;

  const move = (to: number) => {
    const next = Math.min(Math.max(to, 0), cells.length - 1);
    setActive(next);
    setTip(next);
    cellRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowUp: index - 1,
      ArrowDown: index + 1,
      // Weeks run the way the page reads: right to left in Arabic.
      ArrowLeft: rtl ? index + 7 : index - 7,
      ArrowRight: rtl ? index - 7 : index + 7,
      Home: 0,
      End: cells.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) {
      if (event.key === 'Escape') setTip(null);
      return;
    }
    event.preventDefault();
    move(to);
  };

  const rows: (Cell | null)[][] = weekdays.map(() => Array<Cell | null>(columns).fill(null));
  for (const cell of cells) rows[cell.row]![cell.column] = cell;

  const width = LABEL_WIDTH + columns * step;
  const sizes = { '--heat-cell': `${cell}px`, '--heat-gap': `${GAP}px` } as CSSProperties;
  const tipCell = tip === null ? null : cells[tip];
  const from = formatDay(cells[0]!.date, locale);
  const to = formatDay(cells.at(-1)!.date, locale);
  const { sessions, activeDays } = totals;
  const focus = formatMinutes(totals.minutes, locale);
  const busiestDay = busiest ? i18n._(dayActivityLabel(busiest, locale)) : null;
  const shownDays = cells.length;

  return (
    <div className="fr-heatmap">
      <VisuallyHidden id={`${id}-summary`}>
        {t`From ${from} to ${to}: ${plural(sessions, { one: '# completed session', other: '# completed sessions' })} on ${plural(activeDays, { one: '# day', other: '# days' })}, ${focus} of focus.`}
        {` ${busiestDay ? t`Busiest day: ${busiestDay}.` : t`No focus sessions in this period.`}`}
        {` ${t`Use the arrow keys to move between days.`}`}
      </VisuallyHidden>
      <div ref={scrollRef} className="fr-heatmap-scroll">
        <div className="fr-heatmap-canvas" style={{ ...sizes, width, paddingTop: MONTH_HEIGHT }}>
          <div className="fr-heatmap-months" aria-hidden="true">
            {months.map((m) => (
              <span key={m.date} style={{ insetInlineStart: LABEL_WIDTH + m.column * step }}>
                {m.label}
              </span>
            ))}
          </div>
          <div
            role="grid"
            aria-label={t`Focus activity calendar, one cell per day`}
            aria-describedby={`${id}-summary`}
            aria-rowcount={7}
            aria-colcount={columns}
            className="fr-heatmap-grid"
            onMouseLeave={() => setTip(null)}
          >
            {rows.map((row, r) => (
              <div
                role="row"
                key={weekdays[r]!.index}
                className="fr-heatmap-row"
                aria-rowindex={r + 1}
              >
                <span
                  className="fr-heatmap-weekday"
                  aria-hidden="true"
                  style={{ width: LABEL_WIDTH }}
                >
                  {r % 2 === 0 ? weekdays[r]!.label : ''}
                </span>
                {row.map((cell, c) =>
                  cell ? (
                    <div
                      key={cell.date}
                      ref={(element) => {
                        cellRefs.current[cell.index] = element;
                      }}
                      role="gridcell"
                      aria-colindex={c + 1}
                      aria-label={i18n._(dayActivityLabel(cell, locale))}
                      tabIndex={cell.index === activeIndex ? 0 : -1}
                      className="fr-heat-cell"
                      data-level={cell.level}
                      onFocus={() => {
                        setActive(cell.index);
                        setTip(cell.index);
                      }}
                      onBlur={() => setTip((shown) => (shown === cell.index ? null : shown))}
                      onMouseEnter={() => setTip(cell.index)}
                      onKeyDown={(event) => onKeyDown(event, cell.index)}
                    />
                  ) : (
                    <div
                      key={`empty-${c}`}
                      className="fr-heat-cell fr-heat-empty"
                      aria-hidden="true"
                    />
                  ),
                )}
              </div>
            ))}
          </div>
          {tipCell ? (
            <HeatTooltip cell={tipCell} columns={columns} step={step} locale={locale} />
          ) : null}
        </div>
      </div>
      <Group justify="space-between" gap="xs" mt={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {t`${plural(sessions, { one: '# session', other: '# sessions' })} in the last ${plural(shownDays, { one: '# day', other: '# days' })}`}
        </Text>
        <Group gap={4} aria-hidden="true" wrap="nowrap">
          <Text size="xs" c="dimmed" mr={2}>
            {t`Less`}
          </Text>
          {Array.from({ length: HEAT_LEVELS }, (_, level) => (
            <span key={level} className="fr-heat-cell fr-heat-legend" data-level={level} />
          ))}
          <Text size="xs" c="dimmed" ml={2}>
            {t`More`}
          </Text>
        </Group>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{t`Focus sessions per month`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Month`}</th>
              <th scope="col">{t`Sessions`}</th>
              <th scope="col">{t`Focus time`}</th>
              <th scope="col">{t`Days with a session`}</th>
            </tr>
          </thead>
          <tbody>
            {monthRows(cells, locale).map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td>{m.sessions}</td>
                <td>{formatMinutes(m.minutes, locale)}</td>
                <td>{m.activeDays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}

function HeatTooltip({
  cell,
  columns,
  step,
  locale,
}: {
  cell: Cell;
  columns: number;
  step: number;
  locale: string;
}) {
  const { i18n } = useLingui();
  const size = step - GAP;
  const x = LABEL_WIDTH + cell.column * step + size / 2;
  // Top rows show it below the cell, so it never leaves the scroll area.
  const below = cell.row < 2;
  const y = MONTH_HEIGHT + cell.row * step + (below ? size + 6 : -6);
  const align = cell.column < 8 ? 'start' : cell.column > columns - 9 ? 'end' : 'center';
  return (
    <div
      className="fr-heat-tip"
      aria-hidden="true"
      data-align={align}
      data-below={below || undefined}
      style={{ insetInlineStart: x, top: y }}
    >
      {i18n._(dayActivityLabel(cell, locale))}
    </div>
  );
}

/**
 * Where each day sits: weeks are columns that start on the locale's first day of the week (core's
 * startOfWeek; the API's own weeks stay Monday-based), and `weekdays` are the rows' weekdays in
 * order (core's Monday-first index) with their short names.
 */
export function heatmapLayout(days: readonly HeatmapEntry[], locale: string) {
  const firstDay = firstDayOfWeek(locale);
  const weekdays = weekdayOrder(firstDay).map((index) => ({
    index,
    label: formatWeekday(locale, index, 'short'),
  }));
  const empty = {
    cells: [] as Cell[],
    columns: 0,
    weekdays,
    months: [] as { date: string; column: number; label: string }[],
    totals: { sessions: 0, minutes: 0, activeDays: 0 },
    busiest: null as HeatmapEntry | null,
  };
  const first = days[0];
  if (!first) return empty;
  const start = startOfWeek(first.date, firstDay);
  const maxMinutes = Math.max(0, ...days.map((d) => d.minutes));
  let busiest: HeatmapEntry | null = null;
  const totals = { sessions: 0, minutes: 0, activeDays: 0 };
  const cells: Cell[] = days.map((day, index) => {
    totals.sessions += day.count;
    totals.minutes += day.minutes;
    if (day.count > 0) totals.activeDays += 1;
    if (day.count > 0 && (!busiest || day.minutes > busiest.minutes)) busiest = day;
    return {
      ...day,
      index,
      column: Math.floor(daysBetween(start, day.date) / 7),
      row: dayOfWeekFrom(day.date, firstDay),
      level: heatLevel(day.minutes, day.count, maxMinutes),
    };
  });
  const columns = (cells.at(-1)?.column ?? 0) + 1;
  // A month label sits over the first week that holds its 1st day (and over the first column).
  const months: { date: string; column: number; label: string }[] = [];
  for (const cell of cells) {
    const isFirst = cell.index === 0 || cell.date.endsWith('-01');
    if (!isFirst) continue;
    const column = cell.index === 0 ? 0 : cell.column + (cell.row === 0 ? 0 : 1);
    if (months.length > 0 && column - months.at(-1)!.column < 3) {
      // Two labels would overlap: the later month wins.
      months.pop();
    }
    months.push({ date: cell.date, column, label: formatMonth(cell.date, locale) });
  }
  return { cells, columns, weekdays, months, totals, busiest: busiest as HeatmapEntry | null };
}

function monthRows(cells: readonly Cell[], locale: string): MonthRow[] {
  const rows = new Map<string, MonthRow>();
  for (const cell of cells) {
    const month = cell.date.slice(0, 7);
    let row = rows.get(month);
    if (!row) {
      row = {
        month,
        label: formatMonthYear(`${month}-01`, locale),
        sessions: 0,
        minutes: 0,
        activeDays: 0,
      };
      rows.set(month, row);
    }
    row.sessions += cell.count;
    row.minutes += cell.minutes;
    if (cell.count > 0) row.activeDays += 1;
  }
  return [...rows.values()];
}

/** 365 zero days ending `today`, for a summary without a heatmap. */
export function emptyYear(today: string, length = HEATMAP_DAYS): HeatmapEntry[] {
  return Array.from({ length }, (_, i) => ({
    date: addDays(today, i - (length - 1)),
    count: 0,
    minutes: 0,
  }));
}
