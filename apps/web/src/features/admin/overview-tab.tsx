import '@mantine/charts/styles.css';
import { ADMIN_SERIES_DAYS } from '@focusroom/core';
import type { AdminOverview } from '@focusroom/core/schemas';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { BarChart } from '@mantine/charts';
import { Anchor, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card';
import {
  countAxis,
  formatAdminMinutes,
  formatCount,
  formatSeriesDay,
  formatWhen,
} from './admin-format';
import { chartAxes, useRtl } from '../../i18n';
import { useOverviewQuery } from './admin-queries';
import { QueryState } from './query-state';

/** One figure: a label, the number, and an optional line under it. */
function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="fr-admin-figure">
      <dt>
        <Text size="sm" c="dimmed" component="span">
          {label}
        </Text>
      </dt>
      <dd>
        <span className="fr-admin-figure-value">{value}</span>
        {note ? (
          <Text size="xs" c="dimmed" component="span" display="block">
            {note}
          </Text>
        ) : null}
      </dd>
    </div>
  );
}

function Figures({ overview }: { overview: AdminOverview }) {
  const { users, sessions, focus_minutes, active_users, reports_waiting } = overview;
  const { t } = useLingui();
  const verified = formatCount(users.verified);
  const sessionsThisWeek = formatCount(sessions.this_week);
  const focusThisWeek = formatAdminMinutes(focus_minutes.this_week);
  const verifiedCount = users.verified;
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing="sm"
      className="fr-admin-figures"
    >
      <Figure
        label={t`Users`}
        value={formatCount(users.total)}
        // One English form, but a plural: "verified" agrees with the count in many languages.
        note={t`${plural(verifiedCount, { one: `${verified} verified`, other: `${verified} verified` })}`}
      />
      <Figure
        label={t`New this week`}
        value={formatCount(users.new_this_week)}
        note={t`accounts`}
      />
      <Figure
        label={t`Sessions today`}
        value={formatCount(sessions.today)}
        note={t`${sessionsThisWeek} this week`}
      />
      <Figure
        label={t`Focus today`}
        value={formatAdminMinutes(focus_minutes.today)}
        note={t`${focusThisWeek} this week`}
      />
      <Figure
        label={t`Active, 7 days`}
        value={formatCount(active_users.d7)}
        note={t`users with a session`}
      />
      <Figure
        label={t`Active, 30 days`}
        value={formatCount(active_users.d30)}
        note={t`users with a session`}
      />
      <Figure
        label={t`Reports waiting`}
        value={formatCount(reports_waiting)}
        note={
          reports_waiting > 0 ? (
            <Anchor component={Link} to={{ search: '?tab=themes' }} size="xs">
              {t`Review them`}
            </Anchor>
          ) : (
            t`nothing to review`
          )
        }
      />
    </SimpleGrid>
  );
}

type SeriesKey = 'signups' | 'sessions' | 'focus_minutes';

/**
 * A chart's words, each a whole message: its title, its unit (the bars' legend and the table's
 * column), the line under the title with the period's total, and the table's caption.
 */
function useSeriesWords(field: SeriesKey, total: string) {
  const { t } = useLingui();
  const days = ADMIN_SERIES_DAYS;
  switch (field) {
    case 'signups':
      return {
        title: t`Sign-ups`,
        unit: t`accounts`,
        summary: t`${total} in the last ${plural(days, { one: '# day', other: '# days' })} (accounts per day, UTC)`,
        caption: t`Sign-ups, last ${plural(days, { one: '# day', other: '# days' })}`,
      };
    case 'sessions':
      return {
        title: t`Focus sessions`,
        unit: t`sessions`,
        summary: t`${total} in the last ${plural(days, { one: '# day', other: '# days' })} (sessions per day, UTC)`,
        caption: t`Focus sessions, last ${plural(days, { one: '# day', other: '# days' })}`,
      };
    case 'focus_minutes':
      return {
        title: t`Focus time`,
        unit: t`minutes`,
        summary: t`${total} in the last ${plural(days, { one: '# day', other: '# days' })} (minutes per day, UTC)`,
        caption: t`Focus time, last ${plural(days, { one: '# day', other: '# days' })}`,
      };
  }
}

/** A small bar chart of one daily count, hidden from screen readers, who read its table. */
function SeriesChart({
  overview,
  field,
  color,
}: {
  overview: AdminOverview;
  field: SeriesKey;
  color: string;
}) {
  const id = useId();
  const rows = overview.series.map((day) => ({
    label: formatSeriesDay(day.date),
    value: day[field],
  }));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const axis = countAxis(Math.max(0, ...rows.map((row) => row.value)));
  const axes = chartAxes(useRtl());
  const totalText = field === 'focus_minutes' ? formatAdminMinutes(total) : formatCount(total);
  const { title, unit, summary, caption } = useSeriesWords(field, totalText);
  const { t } = useLingui();
  return (
    <SectionCard labelledBy={id} className="fr-admin-card">
      <Stack gap={4}>
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
        {/* Room under the caption: the axis's top label is drawn above the plot area. */}
        <div aria-hidden="true" className="fr-admin-chart">
          <BarChart
            h={140}
            data={rows}
            dataKey="label"
            series={[{ name: 'value', label: unit, color }]}
            tickLine="none"
            gridAxis="x"
            withYAxis
            yAxisProps={{ width: 44, allowDecimals: false, interval: 0, ...axis, ...axes.y }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24, ...axes.x }}
            maxBarWidth={12}
            tooltipAnimationDuration={150}
            accessibilityLayer={false}
          />
        </div>
        <VisuallyHidden>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Day`}</th>
                <th scope="col">{unit}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </SectionCard>
  );
}

/** The service at a glance: figures computed by the database, and the last 30 days. */
export function OverviewTab() {
  const query = useOverviewQuery();
  return (
    <QueryState query={query}>
      {(overview) => (
        <Stack gap="lg">
          <Figures overview={overview} />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <SeriesChart overview={overview} field="signups" color="violet.4" />
            <SeriesChart overview={overview} field="sessions" color="focus.4" />
            <SeriesChart overview={overview} field="focus_minutes" color="teal.4" />
          </SimpleGrid>
          <FiguresAsOf generatedAt={overview.generated_at} />
        </Stack>
      )}
    </QueryState>
  );
}

/** When the figures were computed, and what their days and weeks mean. */
function FiguresAsOf({ generatedAt }: { generatedAt: AdminOverview['generated_at'] }) {
  const { t } = useLingui();
  const when = formatWhen(generatedAt);
  return (
    <Text size="xs" c="dimmed">
      {t`Figures as of ${when}. Days and weeks are UTC; a week is today and the six days before it.`}
    </Text>
  );
}
