import '@mantine/charts/styles.css';
import { ADMIN_SERIES_DAYS } from '@focusroom/core';
import type { AdminOverview } from '@focusroom/core/schemas';
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
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing="sm"
      className="fr-admin-figures"
    >
      <Figure
        label="Users"
        value={formatCount(users.total)}
        note={`${formatCount(users.verified)} verified`}
      />
      <Figure label="New this week" value={formatCount(users.new_this_week)} note="accounts" />
      <Figure
        label="Sessions today"
        value={formatCount(sessions.today)}
        note={`${formatCount(sessions.this_week)} this week`}
      />
      <Figure
        label="Focus today"
        value={formatAdminMinutes(focus_minutes.today)}
        note={`${formatAdminMinutes(focus_minutes.this_week)} this week`}
      />
      <Figure
        label="Active, 7 days"
        value={formatCount(active_users.d7)}
        note="users with a session"
      />
      <Figure
        label="Active, 30 days"
        value={formatCount(active_users.d30)}
        note="users with a session"
      />
      <Figure
        label="Reports waiting"
        value={formatCount(reports_waiting)}
        note={
          reports_waiting > 0 ? (
            <Anchor component={Link} to={{ search: '?tab=themes' }} size="xs">
              Review them
            </Anchor>
          ) : (
            'nothing to review'
          )
        }
      />
    </SimpleGrid>
  );
}

type SeriesKey = 'signups' | 'sessions' | 'focus_minutes';

/** A small bar chart of one daily count, hidden from screen readers, who read its table. */
function SeriesChart({
  overview,
  field,
  title,
  unit,
  color,
}: {
  overview: AdminOverview;
  field: SeriesKey;
  title: string;
  unit: string;
  color: string;
}) {
  const id = useId();
  const rows = overview.series.map((day) => ({
    label: formatSeriesDay(day.date),
    value: day[field],
  }));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const axis = countAxis(Math.max(0, ...rows.map((row) => row.value)));
  const totalText = field === 'focus_minutes' ? formatAdminMinutes(total) : formatCount(total);
  return (
    <SectionCard labelledBy={id} className="fr-admin-card">
      <Stack gap={4}>
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {totalText} in the last {ADMIN_SERIES_DAYS} days ({unit} per day, UTC)
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
            yAxisProps={{ width: 44, allowDecimals: false, interval: 0, ...axis }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
            maxBarWidth={12}
            tooltipAnimationDuration={150}
            accessibilityLayer={false}
          />
        </div>
        <VisuallyHidden>
          <table>
            <caption>
              {title}, last {ADMIN_SERIES_DAYS} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
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
            <SeriesChart
              overview={overview}
              field="signups"
              title="Sign-ups"
              unit="accounts"
              color="violet.4"
            />
            <SeriesChart
              overview={overview}
              field="sessions"
              title="Focus sessions"
              unit="sessions"
              color="focus.4"
            />
            <SeriesChart
              overview={overview}
              field="focus_minutes"
              title="Focus time"
              unit="minutes"
              color="teal.4"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Figures as of {formatWhen(overview.generated_at)}. Days and weeks are UTC; a week is
            today and the six days before it.
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}
