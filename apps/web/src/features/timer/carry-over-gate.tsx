import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { STORAGE_KEYS, changedSettings, type CarryOver } from '@focusroom/core';
import { CARRY_OVER_MESSAGES as WORDS, describeSetup } from './carry-over-messages';
import { useLingui } from '@lingui/react/macro';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { i18n } from '../../i18n';
import { notify } from '../../lib/notify';
import { readItem } from '../../lib/storage';
import { subscribeCarryOver } from './carry-over';
import {
  acceptCarryOver,
  carryOverIn,
  declineCarryOver,
  sendCarryOver,
} from './carry-over-account';
import { TIMER_QUERY_KEYS } from './timer-api';
import type { TimerController } from './timer-store';

/** The carry-over waiting for this user, kept up to date across this tab and others. */
export function useCarryOver(userId: string): CarryOver | null {
  // The stored text is the snapshot: equal text, equal snapshot, so no render loops.
  const text = useSyncExternalStore(
    subscribeCarryOver,
    () => readItem(STORAGE_KEYS.carryOver),
    () => null,
  );
  return useMemo(() => carryOverIn(text, userId), [text, userId]);
}

/** "Keep this browser's set-up" or "Use the account's": asked first, nothing merged before. */
function CarryOverQuestion({
  carry,
  controller,
}: {
  carry: CarryOver;
  controller: TimerController;
}) {
  const { settings, todos } = carry.setup;
  // Read in render: the words follow a change of language with it.
  const { i18n } = useLingui();
  const parts = describeSetup(todos.length, changedSettings(settings), settings);
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={i18n._(WORDS.title)}
    >
      <Stack gap="md">
        <Text>{i18n._(WORDS.intro(parts))}</Text>
        <Stack gap={4}>
          <Button onClick={() => acceptCarryOver(carry)} data-autofocus>
            {i18n._(WORDS.keep)}
          </Button>
          <Text size="sm" c="dimmed">
            {i18n._(WORDS.keepHint)}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Button variant="default" onClick={() => declineCarryOver(controller)}>
            {i18n._(WORDS.useAccount)}
          </Button>
          <Text size="sm" c="dimmed">
            {i18n._(WORDS.useAccountHint)}
          </Text>
        </Stack>
      </Stack>
    </Modal>
  );
}

/**
 * Sends an accepted carry-over, and again when the network returns or the tab is seen again
 * after a failure. Until it is done the account's sync waits, so the timer keeps showing the
 * visitor's set-up and nothing of it is lost meanwhile.
 */
function CarryOverSender() {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    sendCarryOver().then(
      (leftOut) => {
        if (!live) return;
        void queryClient.invalidateQueries({ queryKey: TIMER_QUERY_KEYS.settings });
        void queryClient.invalidateQueries({ queryKey: TIMER_QUERY_KEYS.todos });
        if (leftOut) notify({ tone: 'warning', message: i18n._(WORDS.leftOut(leftOut)) });
      },
      () => {
        // Said once; the carry-over stays stored and is sent again.
        if (live && attempt === 0) notify({ tone: 'error', message: i18n._(WORDS.failed) });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, queryClient]);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    const visible = () => {
      if (document.visibilityState === 'visible') again();
    };
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
  return null;
}

/** What stands before the account's sync while a visitor's set-up waits (decision 051). */
export function CarryOverGate({
  carry,
  controller,
}: {
  carry: CarryOver;
  controller: TimerController;
}) {
  return carry.choice === 'ask' ? (
    <CarryOverQuestion carry={carry} controller={controller} />
  ) : (
    <CarryOverSender />
  );
}
