import type { StatsSummary } from '@focusroom/core';
import { Badge, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  IconCalendarStats,
  IconCircleCheck,
  IconClockHour4,
  IconFlame,
  IconHourglass,
  IconMinus,
  IconStack2,
  IconTrendingDown,
  IconTrendingUp,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { currentLocale, formatNumber, formatPercent } from '../../i18n/format';
import { formatMinutes, formatPercentChange, plural } from './stats-format';

interface CardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: Icon;
  loading: boolean;
}

function SummaryCard({ label, value, hint, icon: CardIcon, loading }: CardProps) {
  return (
    <Paper withBorder radius="lg" p="md" className="fr-stats-card fr-summary-card">
      <dt className="fr-summary-label">
        <ThemeIcon variant="light" color="focus" radius="md" size={30} aria-hidden="true">
          <CardIcon size={18} />
        </ThemeIcon>
        <Text component="span" size="sm" c="dimmed" fw={500} lh={1.25}>
          {label}
        </Text>
      </dt>
      <dd className="fr-summary-value-wrap">
        {loading ? (
          <Skeleton height={30} width="60%" mt={10} radius="sm" />
        ) : (
          <>
            <span className="fr-summary-value">{value}</span>
            {hint ? (
              <Text component="span" size="xs" c="dimmed" className="fr-summary-hint">
                {hint}
              </Text>
            ) : null}
          </>
        )}
      </dd>
    </Paper>
  );
}

function Trend({ percent }: { percent: number }) {
  const up = percent > 0;
  const down = percent < 0;
  const TrendIcon = up ? IconTrendingUp : down ? IconTrendingDown : IconMinus;
  const words = up ? 'up on last week' : down ? 'down on last week' : 'same as last week';
  return (
    <Badge
      variant="light"
      color={up ? 'teal' : down ? 'red' : 'gray'}
      size="md"
      radius="sm"
      leftSection={<TrendIcon size={14} aria-hidden="true" />}
      className="fr-trend"
    >
      {formatPercentChange(percent)}
      <VisuallyHidden>{` (${words})`}</VisuallyHidden>
    </Badge>
  );
}

export interface SummaryCardsProps {
  stats: StatsSummary;
  loading: boolean;
}

/** The headline numbers (product §3 summary, longest streak included) as a description list. */
export function SummaryCards({ stats, loading }: SummaryCardsProps) {
  const locale = currentLocale();
  const { completionTrend: trend } = stats;
  const completedShare =
    stats.totalSessions > 0 ? Math.round((stats.completedSessions / stats.totalSessions) * 100) : 0;
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, sm: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      className="fr-summary"
      aria-label="Summary"
    >
      <SummaryCard
        icon={IconStack2}
        label="Total sessions"
        value={formatNumber(locale, stats.totalSessions)}
        loading={loading}
      />
      <SummaryCard
        icon={IconCircleCheck}
        label="Completed"
        value={formatNumber(locale, stats.completedSessions)}
        hint={
          stats.totalSessions > 0
            ? `${formatPercent(locale, completedShare / 100)} of all`
            : undefined
        }
        loading={loading}
      />
      <SummaryCard
        icon={IconClockHour4}
        label="Total focus time"
        value={formatMinutes(stats.totalFocusTime)}
        loading={loading}
      />
      <SummaryCard
        icon={IconHourglass}
        label="Average session"
        value={formatMinutes(stats.averageSessionDuration)}
        loading={loading}
      />
      <SummaryCard
        icon={IconFlame}
        label="Current streak"
        value={plural(stats.currentStreak, 'day')}
        loading={loading}
      />
      <SummaryCard
        icon={IconTrophy}
        label="Longest streak"
        value={plural(stats.longestStreak, 'day')}
        loading={loading}
      />
      <SummaryCard
        icon={IconCalendarStats}
        label="Average daily sessions"
        value={formatNumber(locale, stats.averageDailySessions, { maximumFractionDigits: 2 })}
        hint="over the last 7 days"
        loading={loading}
      />
      <SummaryCard
        icon={IconTrendingUp}
        label="This week"
        value={
          <span className="fr-trend-value">
            {plural(trend.currentWeek, 'session')}
            <Trend percent={trend.percentChange} />
          </span>
        }
        hint={`vs ${plural(trend.previousWeek, 'session')} last week`}
        loading={loading}
      />
    </SimpleGrid>
  );
}
