/*
 * The charts chunk: recharts and Mantine's chart styles load only with the statistics page,
 * never on the first screen, which has a size budget (bench/README.md).
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  WEEKDAYS,
  localDate,
  weekdayOrder,
  type HeatmapEntry,
  type StatsSummary,
} from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { BarChart, type BarChartProps } from '@mantine/charts';
import { SegmentedControl, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { XAxisTickContentProps } from 'recharts';
import { SectionCard } from '../../components/section-card';
import { chartAxes, useRtl } from '../../i18n';
import { currentLocale, firstDayOfWeek, formatDuration, formatWeekday } from '../../i18n/format';
import { browserTimeZone } from '../../lib/time-zone';
import { ActivityHeatmap, emptyYear } from './activity-heatmap';
import { formatDay, formatMinutes, formatShortDay, formatWeekdayDay } from './stats-format';
import { STRONGEST_WEEKDAY } from './weekday-words';

export interface StatsChartsProps {
  stats: StatsSummary;
}

/** Minutes per day (7 or 30 days), minutes per weekday, and the year calendar. */
export function StatsCharts({ stats }: StatsChartsProps) {
  // Without a heatmap (nothing loaded yet, or a failed first load) the year shows empty.
  const days = useMemo(
    () =>
      stats.activityHeatmap.length > 0
        ? stats.activityHeatmap
        : emptyYear(localDate(Date.now(), browserTimeZone())),
    [stats.activityHeatmap],
  );
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DailyChart days={days} />
        <WeekdayChart stats={stats} />
      </SimpleGrid>
      <ChartCard
        title={t`Your year`}
        subtitle={t`Each square is a day; the brighter, the more you focused.`}
      >
        <ActivityHeatmap days={days} />
      </ChartCard>
    </Stack>
  );
}

function ChartCard({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <SectionCard className="fr-stats-card" labelledBy={id}>
      <Stack gap="sm">
        <div className="fr-chart-head">
          <div>
            <Title order={3} id={id}>
              {title}
            </Title>
            {subtitle ? (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {action}
        </div>
        {children}
      </Stack>
    </SectionCard>
  );
}

/** One bar of a minutes chart and one row of the table that says the same to screen readers. */
type MinutesRow = {
  key: string;
  /** Under the bar. */
  label: string;
  /** At the head of the table row. */
  name: string;
  minutes: number;
  sessions: number;
};

/**
 * Focus minutes as bars, hidden from screen readers, and as a visually hidden table (with an
 * optional summary sentence before it) that they read instead.
 */
function MinutesChart({
  rows,
  color,
  maxBarWidth,
  xAxisProps,
  summary,
  caption,
  rowHeading,
}: {
  rows: MinutesRow[];
  color: string;
  maxBarWidth: number;
  xAxisProps: BarChartProps['xAxisProps'];
  summary?: string;
  caption: string;
  rowHeading: string;
}) {
  const { t } = useLingui();
  const axes = chartAxes(useRtl());
  return (
    <>
      <div aria-hidden="true">
        <BarChart
          h={220}
          data={rows}
          dataKey="label"
          series={[{ name: 'minutes', label: t`Focus`, color }]}
          valueFormatter={minutesFormatter}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={maxBarWidth}
          xAxisProps={{ ...xAxisProps, ...axes.x }}
          yAxisProps={{ ...minuteAxis(Math.max(0, ...rows.map((d) => d.minutes))), ...axes.y }}
          tooltipAnimationDuration={150}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        {summary ? <p>{summary}</p> : null}
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeading}</th>
              <th scope="col">{t`Focus minutes`}</th>
              <th scope="col">{t`Sessions`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.name}</th>
                <td>{d.minutes}</td>
                <td>{d.sessions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}

const minutesFormatter = (value: number) =>
  formatDuration(currentLocale(), value, { largestUnit: 'minute' });

/**
 * The minute axis: round steps (15, 30, 60 minutes or whole hours), at least half an hour high,
 * numbers without the unit (the subtitle says "minutes").
 */
export function minuteAxis(maxMinutes: number) {
  const top = Math.max(30, maxMinutes);
  const step = top <= 60 ? 15 : top <= 120 ? 30 : top <= 300 ? 60 : Math.ceil(top / 5 / 60) * 60;
  const end = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= end; t += step) ticks.push(t);
  return {
    width: 36,
    allowDecimals: false,
    domain: [0, end] as [number, number],
    ticks,
    tickFormatter: (value: number) => String(value),
  };
}

/**
 * A day's label on two lines ("Tue" over "17", "17" over "Nov"): one line each ran together on
 * a phone, where seven days share about 280 px.
 */
function TwoLineTick({ x, y, payload }: XAxisTickContentProps) {
  const [first, ...rest] = String(payload.value).split(' ');
  return (
    <text
      x={x}
      y={y}
      transform="translate(0, 6)"
      textAnchor="middle"
      fontSize={12}
      fill="currentColor"
      className="recharts-text recharts-cartesian-axis-tick-value"
    >
      <tspan x={x} dy="0.71em">
        {first}
      </tspan>
      {rest.length > 0 ? (
        <tspan x={x} dy="1.2em">
          {rest.join(' ')}
        </tspan>
      ) : null}
    </text>
  );
}

/** Room under the bars for the two-line day labels. */
const TWO_LINE_AXIS_HEIGHT = 44;

function DailyChart({ days }: { days: readonly HeatmapEntry[] }) {
  const [range, setRange] = useState<'7' | '30'>('7');
  const span = Number(range);
  const data = useMemo(
    () =>
      days.slice(-span).map((d) => ({
        key: d.date,
        label: span === 7 ? formatWeekdayDay(d.date) : formatShortDay(d.date),
        name: formatDay(d.date),
        minutes: d.minutes,
        sessions: d.count,
      })),
    [days, span],
  );
  const focus = formatMinutes(data.reduce((n, d) => n + d.minutes, 0));
  const sessions = data.reduce((n, d) => n + d.sessions, 0);
  const activeDays = data.filter((d) => d.sessions > 0).length;
  const { t } = useLingui();
  return (
    <ChartCard
      title={t`Focus per day`}
      subtitle={t`${focus} in the last ${plural(span, { one: '# day', other: '# days' })} (minutes per day)`}
      action={
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => setRange(value === '30' ? '30' : '7')}
          data={[
            { value: '7', label: t`7 days` },
            { value: '30', label: t`30 days` },
          ]}
          aria-label={t`Days shown`}
        />
      }
    >
      <MinutesChart
        rows={data}
        color="focus.4"
        maxBarWidth={32}
        xAxisProps={{
          interval: span === 7 ? 0 : 'preserveStartEnd',
          minTickGap: 12,
          tick: TwoLineTick,
          height: TWO_LINE_AXIS_HEIGHT,
        }}
        summary={t`Last ${plural(span, { one: '# day', other: '# days' })}: ${focus} of focus in ${plural(sessions, { one: '# completed session', other: '# completed sessions' })} on ${plural(activeDays, { one: '# day', other: '# days' })}.`}
        caption={t`Focus minutes per day, last ${plural(span, { one: '# day', other: '# days' })}`}
        rowHeading={t`Day`}
      />
    </ChartCard>
  );
}

function WeekdayChart({ stats }: { stats: StatsSummary }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  // The API's weekdays are keyed by English name; the bars follow the locale's week.
  const data = weekdayOrder(firstDayOfWeek(locale)).map((index) => {
    const day = WEEKDAYS[index]!;
    return {
      key: day,
      label: formatWeekday(locale, index, 'short'),
      name: formatWeekday(locale, index, 'long'),
      minutes: stats.allTimeActivity[day].totalMinutes,
      sessions: stats.allTimeActivity[day].count,
    };
  });
  const best = stats.mostProductiveDay;
  return (
    <ChartCard
      title={t`By weekday`}
      subtitle={
        best
          ? i18n._(STRONGEST_WEEKDAY[best.day](formatMinutes(best.minutes)))
          : t`All time, minutes of completed sessions`
      }
    >
      <MinutesChart
        rows={data}
        color="violet.4"
        maxBarWidth={40}
        xAxisProps={{ interval: 0 }}
        caption={t`Focus by weekday, all time`}
        rowHeading={t`Weekday`}
      />
    </ChartCard>
  );
}
