import { ACCOUNT_DATA_STALE_MS, chooseSettings, type StatsSummary } from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { DailyGoalMeter } from '../../components/daily-goal-meter';
import { SectionCard } from '../../components/section-card';
import { SETTINGS_QUERY_KEY, fetchSettings } from '../../lib/settings-query';

/**
 * Today against the daily goal (product §2 statistics): today's completed sessions are the last
 * day of the summary's heatmap (the browser's zone, like every card); the goal is the user's
 * `daily_goal` setting (the defaults while the settings cannot be read).
 */
export function DailyGoalCard({ stats, loading }: { stats: StatsSummary; loading: boolean }) {
  const settings = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: fetchSettings,
    staleTime: ACCOUNT_DATA_STALE_MS,
  });
  const goal = chooseSettings(settings.data, null).daily_goal;
  const today = stats.activityHeatmap.at(-1)?.count ?? 0;
  const left = Math.max(0, goal - today);
  const id = useId();
  const { t } = useLingui();
  return (
    <SectionCard className="fr-stats-card" labelledBy={id}>
      <Title order={3} id={id} mb="sm">
        {t`Daily goal`}
      </Title>
      {loading || settings.isPending ? (
        <Skeleton height={40} radius="sm" />
      ) : (
        <>
          <DailyGoalMeter done={today} goal={goal} size="lg" />
          <Text size="sm" c="dimmed" mt="xs">
            {left === 0
              ? t`Goal reached today. Well done!`
              : t`${plural(left, { one: "# more pomodoro to reach today's goal.", other: "# more pomodoros to reach today's goal." })}`}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
