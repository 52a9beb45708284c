import '../../components/form-styles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Skeleton.css';
import './stats.css';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { PageShell } from '../../components/page-shell';
import { currentLocale, formatTime } from '../../i18n/format';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { browserTimeZone } from '../../lib/time-zone';
import { DailyGoalCard } from './daily-goal-card';
import { useStatsState } from './use-stats-state';
import { SessionHistory } from './session-history';
import { SummaryCards } from './summary-cards';

/* recharts is large: it loads with this page, after the numbers, never on the first screen. */
const StatsCharts = lazyNamed(() => import('./stats-charts'), 'StatsCharts');

function ChartsPlaceholder() {
  return (
    <Stack gap="lg" aria-hidden="true">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg" className="fr-stats-card">
          <Skeleton height={24} width="40%" mb="md" />
          <Skeleton height={220} />
        </Paper>
        <Paper withBorder radius="lg" p="lg" className="fr-stats-card">
          <Skeleton height={24} width="40%" mb="md" />
          <Skeleton height={220} />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg" className="fr-stats-card">
        <Skeleton height={24} width="30%" mb="md" />
        <Skeleton height={140} />
      </Paper>
    </Stack>
  );
}

/** /stats: session statistics (product §2, §4 Statistics), charts and the session history. */
export function StatsPage() {
  const state = useStatsState();
  const timeZone = useMemo(browserTimeZone, []);
  // When the debounce (product §9) skipped a refresh: say so until the next one runs.
  const [skippedAt, setSkippedAt] = useState<number | null>(null);
  const upToDate =
    skippedAt !== null && (state.lastRefreshAt === null || skippedAt > state.lastRefreshAt);
  const loading = state.status === 'loading';
  const unsavedCount = state.sessions.filter(
    (s) => s.phase === 'unsaved' || s.phase === 'rejected',
  ).length;

  const refresh = () => {
    if (!state.refresh()) setSkippedAt(Date.now());
  };
  const { t } = useLingui();
  const updatedAt = state.lastRefreshAt ? formatTime(currentLocale(), state.lastRefreshAt) : null;

  return (
    <PageShell
      title={t`Statistics`}
      description={t`Your focus sessions over time: streaks, busiest days and trends.`}
      actions={
        <Group gap="sm" mt={4}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            loading={state.refreshing && !loading}
            onClick={refresh}
          >
            {t`Refresh`}
          </Button>
          <Text size="xs" c="dimmed" aria-live="polite">
            {upToDate ? t`Already up to date` : updatedAt ? t`Updated ${updatedAt}` : ''}
          </Text>
        </Group>
      }
    >
      {state.error ? (
        <Alert
          color={state.status === 'error' ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          role="alert"
        >
          {state.error}
        </Alert>
      ) : null}
      {state.saveError && unsavedCount > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCloudOff size={18} aria-hidden="true" />}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.saveError}</Text>
            <Text size="sm">
              {t`${plural(unsavedCount, { one: 'It stays on this device and is sent again when the server can be reached.', other: 'They stay on this device and are sent again when the server can be reached.' })}`}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="yellow"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              onClick={() => void state.retryUnsaved()}
            >
              {t`Retry now`}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <FormErrorAlert>{state.addError}</FormErrorAlert>

      <SummaryCards stats={state.stats} loading={loading} />
      <DailyGoalCard stats={state.stats} loading={loading} />

      {loading ? (
        <ChartsPlaceholder />
      ) : (
        <Suspense fallback={<ChartsPlaceholder />}>
          <StatsCharts stats={state.stats} />
        </Suspense>
      )}

      <SessionHistory
        items={state.sessions}
        timeZone={timeZone}
        loading={loading}
        hasMore={state.hasMoreSessions}
        loadingMore={state.loadingMoreSessions}
        onLoadMore={state.loadMoreSessions}
        onUpdateTask={state.updateSessionTask}
        onDelete={state.deleteSession}
        onRetry={state.retryUnsaved}
        onDismiss={state.dismiss}
      />
    </PageShell>
  );
}
