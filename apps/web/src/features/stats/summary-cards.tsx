import type { StatsSummary } from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
import { formatMinutes, formatPercentChange } from './stats-format';

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
  const { t } = useLingui();
  const words = up ? t`(up on last week)` : down ? t`(down on last week)` : t`(same as last week)`;
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
      <VisuallyHidden>{` ${words}`}</VisuallyHidden>
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
  const { currentStreak, longestStreak } = stats;
  const { currentWeek, previousWeek } = trend;
  const { t } = useLingui();
  const completedPercent = formatPercent(locale, completedShare / 100);
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, sm: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      className="fr-summary"
      aria-label={t`Summary`}
    >
      <SummaryCard
        icon={IconStack2}
        label={t`Total sessions`}
        value={formatNumber(locale, stats.totalSessions)}
        loading={loading}
      />
      <SummaryCard
        icon={IconCircleCheck}
        label={t({
          message: 'Completed',
          context: 'statistics card: how many sessions were finished',
        })}
        value={formatNumber(locale, stats.completedSessions)}
        hint={stats.totalSessions > 0 ? t`${completedPercent} of all` : undefined}
        loading={loading}
      />
      <SummaryCard
        icon={IconClockHour4}
        label={t`Total focus time`}
        value={formatMinutes(stats.totalFocusTime)}
        loading={loading}
      />
      <SummaryCard
        icon={IconHourglass}
        label={t`Average session`}
        value={formatMinutes(stats.averageSessionDuration)}
        loading={loading}
      />
      <SummaryCard
        icon={IconFlame}
        label={t`Current streak`}
        value={t`${plural(currentStreak, { one: '# day', other: '# days' })}`}
        loading={loading}
      />
      <SummaryCard
        icon={IconTrophy}
        label={t`Longest streak`}
        value={t`${plural(longestStreak, { one: '# day', other: '# days' })}`}
        loading={loading}
      />
      <SummaryCard
        icon={IconCalendarStats}
        label={t`Average daily sessions`}
        value={formatNumber(locale, stats.averageDailySessions, { maximumFractionDigits: 2 })}
        hint={t`over the last 7 days`}
        loading={loading}
      />
      <SummaryCard
        icon={IconTrendingUp}
        label={t`This week`}
        value={
          <span className="fr-trend-value">
            {t`${plural(currentWeek, { one: '# session', other: '# sessions' })}`}
            <Trend percent={trend.percentChange} />
          </span>
        }
        hint={t`vs ${plural(previousWeek, { one: '# session', other: '# sessions' })} last week`}
        loading={loading}
      />
    </SimpleGrid>
  );
}
