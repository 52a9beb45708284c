import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  ALARM_SOUND_IDS,
  ALARM_SOUNDS,
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
  DEFAULT_TIMER_SETTINGS,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  TIME_DISPLAYS,
  UNTIL_LONG_BREAK_MAX,
  ALARM_VOLUME_MAX,
  ALARM_VOLUME_MIN,
  UNTIL_LONG_BREAK_MIN,
  alarmSoundUrl,
  validateSettings,
  type AlarmSoundId,
  type TimeDisplay,
  type TimerSettings,
  type TimerType,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TIMER_TYPE_TITLES } from './phase-titles';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
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
import { i18n } from '../../i18n';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AlarmsSection } from '../alarms';
import { TIMER_QUERY_KEYS, saveSettings } from './timer-api';
import { previewSound } from './timer-audio';
import { timerController } from './timer-store';
import { formatClock } from './format';
import { formatMinutes } from '../../i18n/intl-base';

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
  label: MessageDescriptor;
  min: number;
  max: number;
}

interface SwitchFieldSpec {
  key: BooleanField;
  label: MessageDescriptor;
  description: MessageDescriptor;
}

const NUMBER_FIELDS: NumberFieldSpec[] = [
  {
    key: 'pomodoro_duration',
    label: msg`Pomodoro (minutes)`,
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'short_break_duration',
    label: msg`Short break (minutes)`,
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'long_break_duration',
    label: msg`Long break (minutes)`,
    min: DURATION_MIN_MINUTES,
    max: DURATION_MAX_MINUTES,
  },
  {
    key: 'pomodoros_until_long_break',
    label: msg`Pomodoros until long break`,
    min: UNTIL_LONG_BREAK_MIN,
    max: UNTIL_LONG_BREAK_MAX,
  },
];

const GOAL_FIELD: NumberFieldSpec = {
  key: 'daily_goal',
  label: msg`Daily goal (pomodoros)`,
  min: DAILY_GOAL_MIN,
  max: DAILY_GOAL_MAX,
};

const TIMER_SWITCHES: SwitchFieldSpec[] = [
  {
    key: 'auto_start_breaks',
    label: msg`Auto-start breaks`,
    description: msg`A break begins one second after a pomodoro ends.`,
  },
  {
    key: 'auto_start_pomodoros',
    label: msg`Auto-start pomodoros`,
    description: msg`The next pomodoro begins one second after a break ends.`,
  },
  {
    key: 'notification_enabled',
    label: msg`Browser notifications`,
    description: msg`A notification when a timer completes, even in another tab.`,
  },
];

const SOUND_SWITCHES: SwitchFieldSpec[] = [
  {
    key: 'sound_enabled',
    label: msg`Sound`,
    description: msg`The alarm when a timer completes.`,
  },
  {
    key: 'warning_chime_enabled',
    label: msg`One minute left`,
    description: msg`A soft chime when one minute of a focus or break is left.`,
  },
  {
    key: 'ticking_enabled',
    label: msg`Ticking`,
    description: msg`A quiet tick every second while you focus.`,
  },
];

const SOUND_CHOICES: { key: SoundField; label: MessageDescriptor; preview: MessageDescriptor }[] = [
  {
    key: 'focus_end_sound',
    label: msg`Focus end alarm`,
    preview: msg`Preview focus end alarm`,
  },
  {
    key: 'break_end_sound',
    label: msg`Break end alarm`,
    preview: msg`Preview break end alarm`,
  },
];

/** How the time reads in examples: the clock, and 25 minutes as the display writes them. */
interface DisplayExamples {
  clock: string;
  minutes: string;
}

/** The time displays of core (TIME_DISPLAYS, issue 35): a short name and what each shows. */
const TIME_DISPLAY_CHOICES: Record<
  TimeDisplay,
  { label: MessageDescriptor; shows: (examples: DisplayExamples) => MessageDescriptor }
> = {
  clock: {
    label: msg({ context: 'time display', message: 'Clock' }),
    shows: ({ clock }) => msg`Minutes and seconds (such as ${clock}).`,
  },
  minutes: {
    label: msg({ context: 'time display', message: 'Minutes' }),
    shows: ({ minutes }) => msg`Whole minutes only (such as ${minutes}).`,
  },
  ring: {
    label: msg({ context: 'time display', message: 'Ring' }),
    shows: () => msg`Only the ring, which empties as the time runs.`,
  },
  hidden: {
    label: msg({ context: 'time display', message: 'Hidden' }),
    shows: () => msg`No time shown until the focus or break ends.`,
  },
};

/** A fieldset groups the sound controls for assistive tech without its default frame. */
const FIELDSET_RESET = { border: 0, padding: 0, margin: 0, minInlineSize: 0 } as const;

/** The names of core's alarms (ALARM_SOUNDS), by id, with the same English. */
const ALARM_SOUND_NAMES: Record<AlarmSoundId, MessageDescriptor> = {
  chime: msg`Chime`,
  bell: msg`Bell`,
  digital: msg`Digital`,
  wood: msg`Wood block`,
  harp: msg`Harp`,
};

type Draft = Omit<TimerSettings, NumberField> & Record<NumberField, number | string>;

/** Whole-number fields besides the durations: their bounds, for the message (core's rules). */
const RANGE_BOUNDS: Partial<Record<keyof TimerSettings, readonly [number, number]>> = {
  pomodoros_until_long_break: [UNTIL_LONG_BREAK_MIN, UNTIL_LONG_BREAK_MAX],
  alarm_volume: [ALARM_VOLUME_MIN, ALARM_VOLUME_MAX],
  daily_goal: [DAILY_GOAL_MIN, DAILY_GOAL_MAX],
};

/**
 * What is wrong with a field core's validateSettings refused, in the reader's language: core
 * decides which fields are wrong, the words (the same English as core's) are the web's.
 */
function settingError(field: keyof TimerSettings): MessageDescriptor | null {
  if (field === 'time_display') {
    const choices = TIME_DISPLAYS.join(', ');
    return msg`Must be one of ${choices}`;
  }
  const range = RANGE_BOUNDS[field];
  const [min, max] = range ?? [DURATION_MIN_MINUTES, DURATION_MAX_MINUTES];
  switch (typeof DEFAULT_TIMER_SETTINGS[field]) {
    case 'boolean':
      return msg`Must be true or false`;
    case 'string': {
      const choices = ALARM_SOUND_IDS.join(', ');
      return msg`Must be one of ${choices}`;
    }
    case 'number':
      return range
        ? msg`Must be a whole number from ${min} to ${max}`
        : msg`Must be a whole number of minutes from ${min} to ${max}`;
    default:
      return null;
  }
}

/** The settings' messages by field (core's rules); an emptied number field is no number. */
function errorsFor(value: Draft): Record<string, string> {
  const errors = validateSettings(
    Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, v === '' ? Number.NaN : v]),
    ) as Partial<Record<keyof TimerSettings, unknown>>,
  );
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const words = settingError(field as keyof TimerSettings);
      return [field, words ? i18n._(words) : message];
    }),
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
  const displayLabelId = useId();
  const displayHintId = useId();
  const { t, i18n } = useLingui();
  const soundOptions = ALARM_SOUNDS.map((sound) => ({
    value: sound.id,
    label: i18n._(ALARM_SOUND_NAMES[sound.id]),
  }));

  // The durations, the cycle length and the daily goal are all whole numbers the same way.
  const numberInputProps = (field: NumberFieldSpec) => ({
    label: i18n._(field.label),
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
      label={i18n._(field.label)}
      description={i18n._(field.description)}
      {...form.getInputProps(field.key, { type: 'checkbox' })}
    />
  );

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveSettings(controller, values as TimerSettings, signedIn);
      if (signedIn) queryClient.setQueryData(TIMER_QUERY_KEYS.settings, saved);
      notify({ message: t`Settings saved`, tone: 'success' });
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, t`Your settings could not be saved. Please try again.`));
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
        <div>
          <Text component="span" size="sm" fw={500} id={displayLabelId}>
            {t`Time display`}
          </Text>
          <SegmentedControl
            fullWidth
            mt={4}
            data={TIME_DISPLAYS.map((display) => ({
              value: display,
              label: i18n._(TIME_DISPLAY_CHOICES[display].label),
            }))}
            aria-labelledby={displayLabelId}
            aria-describedby={displayHintId}
            {...form.getInputProps('time_display')}
          />
          <Text size="xs" c="dimmed" mt={6} id={displayHintId}>
            {i18n._(
              TIME_DISPLAY_CHOICES[form.values.time_display].shows({
                clock: formatClock(24 * 60 + 57),
                minutes: formatMinutes(i18n.locale, 25),
              }),
            )}{' '}
            {signedIn
              ? t`The tab title, the top bar badge and the mini timer show it the same way.`
              : t`The tab title and the mini timer show it the same way.`}
          </Text>
        </div>
        {/* Push alarms are the account's: a visitor sees nothing of them (issue 33). */}
        {signedIn ? <AlarmsSection /> : null}
        <Stack gap="sm" component="fieldset" style={FIELDSET_RESET}>
          <Title order={3} fz="md" component="legend">
            {t`Sounds`}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {SOUND_CHOICES.map((choice) => (
              <Group key={choice.key} gap="xs" align="flex-end" wrap="nowrap">
                <NativeSelect
                  label={i18n._(choice.label)}
                  data={soundOptions}
                  {...form.getInputProps(choice.key)}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="light"
                  size={36}
                  aria-label={i18n._(choice.preview)}
                  title={i18n._(choice.preview)}
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
              {t`Volume`}
            </Text>
            <Slider
              aria-labelledby={volumeLabelId}
              thumbLabel={t`Volume`}
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
          description={t`Shown as today's progress on the timer and on your statistics.`}
          maw={260}
        />
        <FormErrorAlert>{failure}</FormErrorAlert>
        <Text size="xs" c="dimmed">
          {signedIn
            ? t`Saved to your account, so every device uses them.`
            : t`Saved in this browser. Sign in to keep them with your account.`}
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
            {t`Restore defaults`}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t`Save settings`}
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
  const { t, i18n } = useLingui();
  if (request.kind === 'settings') {
    return (
      <Modal
        opened
        onClose={onClose}
        title={t`Timer settings`}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t`Close settings` }}
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
        title={t`Keyboard shortcuts`}
        centered
        closeButtonProps={{ 'aria-label': t`Close shortcuts` }}
      >
        <Stack gap="sm">
          <ShortcutsTable
            verticalSpacing="sm"
            withRowBorders={false}
            keyClassName="fr-shortcut-key"
          />
          <Text size="sm" c="dimmed">
            {t`Shortcuts pause while you type in a field.`}
          </Text>
        </Stack>
      </Modal>
    );
  }
  const from = i18n._(TIMER_TYPE_TITLES[request.from]);
  const to = i18n._(TIMER_TYPE_TITLES[request.to]);
  return (
    <Modal opened onClose={onClose} title={t`Switch to ${to}?`} centered>
      <Stack gap="lg">
        <Text>{t`The ${from} in progress will stop and its time will not count.`}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t`Keep going`}
          </Button>
          <Button color="red" onClick={() => onConfirmSwitch(request.to)}>
            {t`Switch to ${to}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
