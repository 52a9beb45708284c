/*
 * The charts chunk: recharts and Mantine's chart styles load only with the statistics page,
 * never on the first screen, which has a size budget (bench/README.md).
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { WEEKDAYS, localDate, type HeatmapEntry, type StatsSummary } from '@focusroom/core';
import { BarChart } from '@mantine/charts';
import {
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { browserTimeZone } from '../../lib/time-zone';
import { ActivityHeatmap, emptyYear } from './activity-heatmap';
import { dayDate, formatDay, formatMinutes, formatShortDay, plural } from './stats-format';

const weekdayShort = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

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
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DailyChart days={days} />
        <WeekdayChart stats={stats} />
      </SimpleGrid>
      <ChartCard
        title="Your year"
        subtitle="Each square is a day; the brighter, the more you focused."
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
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      className="fr-stats-card"
    >
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
    </Paper>
  );
}

const minutesFormatter = (value: number) => `${value} min`;

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

function DailyChart({ days }: { days: readonly HeatmapEntry[] }) {
  const [range, setRange] = useState<'7' | '30'>('7');
  const span = Number(range);
  const data = useMemo(
    () =>
      days.slice(-span).map((d) => ({
        date: d.date,
        label:
          span === 7
            ? `${weekdayShort.format(dayDate(d.date))} ${dayDate(d.date).getUTCDate()}`
            : formatShortDay(d.date),
        minutes: d.minutes,
        sessions: d.count,
      })),
    [days, span],
  );
  const total = data.reduce((n, d) => n + d.minutes, 0);
  const sessions = data.reduce((n, d) => n + d.sessions, 0);
  const activeDays = data.filter((d) => d.sessions > 0).length;
  return (
    <ChartCard
      title="Focus per day"
      subtitle={`${formatMinutes(total)} in the last ${span} days (minutes per day)`}
      action={
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(value) => setRange(value === '30' ? '30' : '7')}
          data={[
            { value: '7', label: '7 days' },
            { value: '30', label: '30 days' },
          ]}
          aria-label="Days shown"
        />
      }
    >
      <div aria-hidden="true">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'minutes', label: 'Focus', color: 'focus.4' }]}
          valueFormatter={minutesFormatter}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={32}
          xAxisProps={{ interval: span === 7 ? 0 : 'preserveStartEnd', minTickGap: 12 }}
          yAxisProps={minuteAxis(Math.max(0, ...data.map((d) => d.minutes)))}
          tooltipAnimationDuration={150}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        <p>
          {`Last ${span} days: ${formatMinutes(total)} of focus in ${plural(sessions, 'completed session')} on ${plural(activeDays, 'day')}.`}
        </p>
        <table>
          <caption>{`Focus minutes per day, last ${span} days`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Focus minutes</th>
              <th scope="col">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDay(d.date)}</th>
                <td>{d.minutes}</td>
                <td>{d.sessions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartCard>
  );
}

function WeekdayChart({ stats }: { stats: StatsSummary }) {
  const data = WEEKDAYS.map((day) => ({
    day,
    label: day.slice(0, 3),
    minutes: stats.allTimeActivity[day].totalMinutes,
    sessions: stats.allTimeActivity[day].count,
  }));
  const best = stats.mostProductiveDay;
  return (
    <ChartCard
      title="By weekday"
      subtitle={
        best
          ? `${best.day}s are your strongest: ${formatMinutes(best.minutes)} in total`
          : 'All time, minutes of completed sessions'
      }
    >
      <div aria-hidden="true">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'minutes', label: 'Focus', color: 'violet.4' }]}
          valueFormatter={minutesFormatter}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={40}
          xAxisProps={{ interval: 0 }}
          yAxisProps={minuteAxis(Math.max(0, ...data.map((d) => d.minutes)))}
          tooltipAnimationDuration={150}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>Focus by weekday, all time</caption>
          <thead>
            <tr>
              <th scope="col">Weekday</th>
              <th scope="col">Focus minutes</th>
              <th scope="col">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.minutes}</td>
                <td>{d.sessions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </ChartCard>
  );
}
