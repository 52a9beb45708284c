import '@mantine/core/styles/Switch.css';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { currentLocale, formatDate } from '../../i18n/format';
import { useAuth } from '../../lib/auth-context';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ALARMS_QUERY_KEYS, type PushDevice } from './alarms-api';
import { browserAlarmsDeps, type AlarmsDeps } from './this-device';
import { useThisDevice, type SwitchState } from './use-this-device';

/** An ISO instant in the reader's words, or null when unreadable. */
function when(iso: string, style: 'medium' | 'dateTime'): string | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : formatDate(currentLocale(), at, style);
}

function DeviceRow({
  device,
  removing,
  onRemove,
}: {
  device: PushDevice;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { name } = device;
  const day = when(device.createdAt, 'medium');
  const time = device.lastSentAt ? when(device.lastSentAt, 'dateTime') : null;
  const detail = [
    day ? t`Since ${day}` : null,
    time ? t`Last alarm ${time}` : t`No alarm yet`,
  ].filter(Boolean);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {detail.join(' · ')}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="xs"
        style={{ flexShrink: 0 }}
        loading={removing}
        onClick={onRemove}
        aria-label={t`Remove ${name}`}
      >
        {t`Remove`}
      </Button>
    </Group>
  );
}

function SwitchDescription({ state, name }: { state: SwitchState; name: string }) {
  const { t } = useLingui();
  switch (state) {
    case 'checking':
      return t`Checking this browser…`;
    case 'unsupported':
      return t`This browser cannot get alarms while Focusroom is closed.`;
    case 'denied':
      return t`Notifications are blocked for Focusroom in this browser.`;
    case 'dismissed':
      return t`Allow notifications when your browser asks, to get alarms here.`;
    case 'turning-on':
      return t`Turning on…`;
    case 'turning-off':
      return t`Turning off…`;
    case 'on':
      return t`${name} gets an alarm when a focus or a break ends.`;
    case 'off':
      return t`Get an alarm on ${name} when a focus or a break ends.`;
  }
}

function Section({ userId, deps }: { userId: string; deps: AlarmsDeps }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const device = useThisDevice(userId, deps);
  const headingId = useId();
  const [testing, setTesting] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { state, deviceId } = device;
  const name = deps.name();
  const others = (device.devices ?? []).filter((d) => d.id !== deviceId);

  const sendTest = async (id: string) => {
    setTesting(true);
    setFailure(null);
    device.clearError();
    try {
      await deps.api.test(id);
      notify({ tone: 'success', message: t`Test alarm sent. It should arrive in a few seconds.` });
    } catch (error) {
      setFailure(serverMessage(error, t`The test alarm could not be sent. Please try again.`));
    } finally {
      setTesting(false);
      // A device whose subscription ended is gone from the list now: the switch shows it.
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_KEYS.devices });
    }
  };

  const remove = async (other: PushDevice) => {
    setRemoving(other.id);
    setFailure(null);
    device.clearError();
    const removed = (name: string) => t`${name} no longer gets alarms.`;
    try {
      await deps.api.remove(other.id);
      queryClient.setQueryData<PushDevice[]>(ALARMS_QUERY_KEYS.devices, (list) =>
        list?.filter((d) => d.id !== other.id),
      );
      notify({ tone: 'success', message: removed(other.name) });
    } catch (error) {
      setFailure(serverMessage(error, t`The device could not be removed. Please try again.`));
    } finally {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_KEYS.devices });
    }
  };

  const on = state === 'on' || state === 'turning-on';
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={3} fz="md" id={headingId}>
          {t`Alarms with the app closed`}
        </Title>
        <Text size="sm" c="dimmed">
          {t`A notification when a focus or a break ends, even with every Focusroom tab closed.`}
        </Text>
      </Stack>
      <Switch
        label={t`Alarms on this device`}
        description={<SwitchDescription state={state} name={name} />}
        checked={on}
        disabled={
          state === 'checking' ||
          state === 'unsupported' ||
          state === 'turning-on' ||
          state === 'turning-off'
        }
        onChange={device.toggle}
      />
      {state === 'unsupported' && deps.browser.appleMobile ? (
        <Text size="sm" c="dimmed">
          {t`On an iPhone or iPad, add Focusroom to your Home Screen, open it from there, then turn alarms on.`}
        </Text>
      ) : null}
      {state === 'denied' ? (
        <Alert color="focus" variant="light" icon={<IconBellOff size={20} aria-hidden />}>
          {t`To allow them, open this site's settings from the icon beside the address, set Notifications to Allow, then turn alarms on again.`}
        </Alert>
      ) : null}
      {deviceId ? (
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconBellRinging size={16} aria-hidden />}
            loading={testing}
            onClick={() => void sendTest(deviceId)}
          >
            {t`Send a test alarm`}
          </Button>
        </Group>
      ) : null}
      <FormErrorAlert>{device.error ?? failure}</FormErrorAlert>
      {device.devicesFailed ? (
        <Text size="sm" c="dimmed">
          {t`Your other devices with alarms could not be loaded.`}
        </Text>
      ) : null}
      {others.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t`Your other devices with alarms`}
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {others.map((other) => (
              <DeviceRow
                key={other.id}
                device={other}
                removing={removing === other.id}
                onRemove={() => void remove(other)}
              />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * "Alarms with the app closed" in the timer settings (issue 33), for a signed-in user: a switch
 * for this browser, a test alarm, and the account's other devices that get alarms, each with
 * Remove. It comes with the timer's dialogs, which load on demand: nothing of it is in the first
 * load.
 */
export default function AlarmsSection({ deps }: { deps?: AlarmsDeps }) {
  const { user } = useAuth();
  const [alarms] = useState(() => deps ?? browserAlarmsDeps());
  if (!user) return null;
  return <Section userId={user.id} deps={alarms} />;
}
