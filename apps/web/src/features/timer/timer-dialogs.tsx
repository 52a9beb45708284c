import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/ActionIcon.css';
import {
  ALARM_SOUNDS,
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
  DEFAULT_TIMER_SETTINGS,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  UNTIL_LONG_BREAK_MAX,
  ALARM_VOLUME_MAX,
  ALARM_VOLUME_MIN,
  UNTIL_LONG_BREAK_MIN,
  alarmSoundUrl,
  validateSettings,
  type TimerSettings,
  type TimerType,
} from '@focusroom/core';
import { TIMER_TYPE_TITLES } from './phase-titles';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { ShortcutsTable } from '../../components/shortcuts-table';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { TIMER_QUERY_KEYS, saveSettings } from './timer-api';
import { previewSound } from './timer-audio';
import { timerController } from './timer-store';

export type TimerDialogRequest =
  | { kind: 'settings' }
  | { kind: 'shortcuts' }
  | { kind: 'confirm-switch'; from: TimerType; to: TimerType };

export interface TimerDialogsProps {
  request: TimerDialogRequest;
  signedIn: boolean;
  onClose: () => void;
  onConfirmSwitch: (to: TimerType) => void;
}

type NumberField =
  | 'pomodoro_duration'
  | 'short_break_duration'
  | 'long_break_duration'
  | 'pomodoros_until_long_break'
  | 'daily_goal';
type BooleanField =
  | 'auto_start_breaks'
  | 'auto_start_pomodoros'
  | 'sound_enabled'
  | 'notification_enabled'
  | 'ticking_enabled'
  | 'warning_chime_enabled';
type SoundField = 'focus_end_sound' | 'break_end_sound';

interface NumberFieldSpec {
  key: NumberField;
  label: string;
  min: number;
  max: number;
}

interface SwitchFieldSpec {
  key: BooleanField;
  label: string;
  description: string;
}

const NUMBER_FIELDS: NumberFieldSpec[] = [
  {
    key: 'pomodoro_duration',
    label: 'Pomodoro (minutes)',
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'short_break_duration',
    label: 'Short break (minutes)',
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'long_break_duration',
    label: 'Long break (minutes)',
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'pomodoros_until_long_break',
    label: 'Pomodoros until long break',
    min: UNTIL_LONG_BREAK_MIN,
    max: UNTIL_LONG_BREAK_MAX,
  },
];

const GOAL_FIELD: NumberFieldSpec = {
  key: 'daily_goal',
  label: 'Daily goal (pomodoros)',
  min: DAILY_GOAL_MIN,
  max: DAILY_GOAL_MAX,
};

const TIMER_SWITCHES: SwitchFieldSpec[] = [
  {
    key: 'auto_start_breaks',
    label: 'Auto-start breaks',
    description: 'A break begins one second after a pomodoro ends.',
  },
  {
    key: 'auto_start_pomodoros',
    label: 'Auto-start pomodoros',
    description: 'The next pomodoro begins one second after a break ends.',
  },
  {
    key: 'notification_enabled',
    label: 'Browser notifications',
    description: 'A notification when a timer completes, even in another tab.',
  },
];

const SOUND_SWITCHES: SwitchFieldSpec[] = [
  { key: 'sound_enabled', label: 'Sound', description: 'The alarm when a timer completes.' },
  {
    key: 'warning_chime_enabled',
    label: 'One minute left',
    description: 'A soft chime when one minute of a focus or break is left.',
  },
  {
    key: 'ticking_enabled',
    label: 'Ticking',
    description: 'A quiet tick every second while you focus.',
  },
];

const SOUND_CHOICES: { key: SoundField; label: string; preview: string }[] = [
  { key: 'focus_end_sound', label: 'Focus end alarm', preview: 'Preview focus end alarm' },
  { key: 'break_end_sound', label: 'Break end alarm', preview: 'Preview break end alarm' },
];

/** A fieldset groups the sound controls for assistive tech without its default frame. */
const FIELDSET_RESET = { border: 0, padding: 0, margin: 0, minInlineSize: 0 } as const;

const SOUND_OPTIONS = ALARM_SOUNDS.map((sound) => ({ value: sound.id, label: sound.label }));

type Draft = Omit<TimerSettings, NumberField> & Record<NumberField, number | string>;

/** The settings' messages by field (core's rules); an emptied number field is no number. */
function errorsFor(value: Draft): Record<string, string> {
  return validateSettings(
    Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, v === '' ? Number.NaN : v]),
    ) as Partial<Record<keyof TimerSettings, unknown>>,
  );
}

function SettingsDialog({ signedIn, onClose }: { signedIn: boolean; onClose: () => void }) {
  const controller = timerController();
  const queryClient = useQueryClient();
  const [initialSettings] = useState<Draft>(() => ({ ...controller.store.getState().settings }));
  const form = useForm<Draft>({
    initialValues: initialSettings,
    validate: errorsFor,
    clearInputErrorOnChange: false,
    // Errors clear as soon as a field is fixed; new ones wait for the save.
    onValuesChange: (values, previous) => {
      const changed = (Object.keys(values) as (keyof Draft)[]).filter(
        (key) => values[key] !== previous[key],
      );
      if (changed.some((key) => form.errors[key])) form.setErrors(errorsFor(values));
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const volumeLabelId = useId();

  // The durations, the cycle length and the daily goal are all whole numbers the same way.
  const numberInputProps = (field: NumberFieldSpec) => ({
    label: field.label,
    ...form.getInputProps(field.key),
    min: field.min,
    max: field.max,
    step: 1,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    'aria-required': 'true' as const,
  });

  const renderSwitch = (field: SwitchFieldSpec) => (
    <Switch
      key={field.key}
      label={field.label}
      description={field.description}
      {...form.getInputProps(field.key, { type: 'checkbox' })}
    />
  );

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveSettings(controller, values as TimerSettings, signedIn);
      if (signedIn) queryClient.setQueryData(TIMER_QUERY_KEYS.settings, saved);
      notify({ message: 'Settings saved', tone: 'success' });
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, 'Your settings could not be saved. Please try again.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {NUMBER_FIELDS.map((field) => (
            <NumberInput key={field.key} {...numberInputProps(field)} />
          ))}
        </SimpleGrid>
        <Stack gap="sm">{TIMER_SWITCHES.map(renderSwitch)}</Stack>
        <Stack gap="sm" component="fieldset" style={FIELDSET_RESET}>
          <Title order={3} fz="md" component="legend">
            Sounds
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {SOUND_CHOICES.map((choice) => (
              <Group key={choice.key} gap="xs" align="flex-end" wrap="nowrap">
                <NativeSelect
                  label={choice.label}
                  data={SOUND_OPTIONS}
                  {...form.getInputProps(choice.key)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="light"
                  size={36}
                  aria-label={choice.preview}
                  title={choice.preview}
                  onClick={() =>
                    previewSound(alarmSoundUrl(form.values[choice.key]), form.values.alarm_volume)
                  }
                >
                  <IconPlayerPlayFilled size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </SimpleGrid>
          <div>
            <Text component="span" size="sm" fw={500} id={volumeLabelId}>
              Volume
            </Text>
            <Slider
              aria-labelledby={volumeLabelId}
              thumbLabel="Volume"
              min={ALARM_VOLUME_MIN}
              max={ALARM_VOLUME_MAX}
              step={5}
              {...form.getInputProps('alarm_volume', { withError: false })}
              label={(value) => `${value}%`}
              marks={[{ value: 0 }, { value: 50 }, { value: 100 }]}
              mt={6}
              mb="xs"
            />
          </div>
          {SOUND_SWITCHES.map(renderSwitch)}
        </Stack>
        <NumberInput
          {...numberInputProps(GOAL_FIELD)}
          description="Shown as today's progress on the timer and on your statistics."
          maw={260}
        />
        <FormErrorAlert>{failure}</FormErrorAlert>
        <Text size="xs" c="dimmed">
          {signedIn
            ? 'Saved to your account, so every device uses them.'
            : 'Saved in this browser. Sign in to keep them with your account.'}
        </Text>
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              form.setValues({ ...DEFAULT_TIMER_SETTINGS });
              form.clearErrors();
            }}
          >
            Restore defaults
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save settings
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The timer's dialogs, loaded on first use: settings, shortcuts, and "switch anyway?". */
export default function TimerDialogs({
  request,
  signedIn,
  onClose,
  onConfirmSwitch,
}: TimerDialogsProps) {
  if (request.kind === 'settings') {
    return (
      <Modal
        opened
        onClose={onClose}
        title="Timer settings"
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close settings' }}
      >
        <SettingsDialog signedIn={signedIn} onClose={onClose} />
      </Modal>
    );
  }
  if (request.kind === 'shortcuts') {
    return (
      <Modal
        opened
        onClose={onClose}
        title="Keyboard shortcuts"
        centered
        closeButtonProps={{ 'aria-label': 'Close shortcuts' }}
      >
        <Stack gap="sm">
          <ShortcutsTable
            verticalSpacing="sm"
            withRowBorders={false}
            keyClassName="fr-shortcut-key"
          />
          <Text size="sm" c="dimmed">
            Shortcuts pause while you type in a field.
          </Text>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened onClose={onClose} title={`Switch to ${TIMER_TYPE_TITLES[request.to]}?`} centered>
      <Stack gap="lg">
        <Text>
          The {TIMER_TYPE_TITLES[request.from]} in progress will stop and its time will not count.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep going
          </Button>
          <Button color="red" onClick={() => onConfirmSwitch(request.to)}>
            Switch to {TIMER_TYPE_TITLES[request.to]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
