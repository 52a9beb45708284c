import { SESSION_DURATION_MAX_MINUTES, SESSION_TASK_MAX_LENGTH } from '@focusroom/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { addSession } from './api/add-session';

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, what a datetime-local field shows. */
function localInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface LogSessionFormValues {
  task: string;
  minutes: string;
  endedAt: string;
  completed: boolean;
}

/** Field errors in the reader's language, or the record to add (product §4 'Adding a session'). */
export function validateLogSession(
  values: LogSessionFormValues,
  now: number = Date.now(),
):
  | { errors: Partial<Record<'minutes' | 'endedAt', string>> }
  | {
      record: {
        task: string;
        duration: number;
        completed: boolean;
        start_time: string;
        end_time: string;
      };
    } {
  const errors: Partial<Record<'minutes' | 'endedAt', string>> = {};
  const minutes = Number(values.minutes);
  if (
    !values.minutes.trim() ||
    !Number.isInteger(minutes) ||
    minutes < 1 ||
    minutes > SESSION_DURATION_MAX_MINUTES
  ) {
    const max = SESSION_DURATION_MAX_MINUTES;
    errors.minutes = t`Enter whole minutes from 1 to ${max}`;
  }
  // A datetime-local value is local wall time; Date parses it as such.
  const end = Date.parse(values.endedAt);
  if (Number.isNaN(end)) errors.endedAt = t`Enter when the session ended`;
  else if (end > now + 60_000) errors.endedAt = t`A session cannot end in the future`;
  if (errors.minutes || errors.endedAt) return { errors };
  return {
    record: {
      task: values.task.trim(),
      duration: minutes,
      completed: values.completed,
      start_time: new Date(end - minutes * 60_000).toISOString(),
      end_time: new Date(end).toISOString(),
    },
  };
}

/** A fresh form: 25 completed minutes that ended now. */
function freshValues(): LogSessionFormValues {
  return { task: '', minutes: '25', endedAt: localInputValue(Date.now()), completed: true };
}

/** Log focus time done away from the timer; it goes through the outbox like a timer session. */
export function LogSessionModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const form = useForm<LogSessionFormValues>({
    initialValues: freshValues(),
    validate: (values) => {
      const checked = validateLogSession(values);
      return 'errors' in checked ? checked.errors : {};
    },
    // A field's message stays until the next try.
    clearInputErrorOnChange: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();

  const submit = form.onSubmit((values) => {
    const checked = validateLogSession(values);
    if ('errors' in checked) return;
    const added = addSession(checked.record);
    if (!added.ok) {
      setFailure(added.error);
      return;
    }
    form.setValues(freshValues());
    form.clearErrors();
    setFailure(null);
    onClose();
  });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        form.clearErrors();
        setFailure(null);
        onClose();
      }}
      title={t`Log a focus session`}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t`For focus time away from the timer. It is saved like a timer session, and kept on this device until the server has it.`}
          </Text>
          <TextInput
            label={t`Task`}
            placeholder={t`Completed Pomodoro`}
            maxLength={SESSION_TASK_MAX_LENGTH}
            {...form.getInputProps('task')}
          />
          {/*
            Side by side while "Ended at" has room for its whole value (date, time and AM/PM with
            the calendar button, about 14rem); on a narrow screen it takes a line of its own.
          */}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              className="fr-log-minutes"
              label={t`Minutes`}
              type="number"
              inputMode="numeric"
              min={1}
              max={SESSION_DURATION_MAX_MINUTES}
              required
              {...form.getInputProps('minutes')}
            />
            <TextInput
              className="fr-log-ended"
              label={t`Ended at`}
              type="datetime-local"
              required
              {...form.getInputProps('endedAt')}
            />
          </Group>
          <Checkbox
            label={t({ message: 'Completed', context: 'a session, checkbox: it was finished' })}
            {...form.getInputProps('completed', { type: 'checkbox' })}
          />
          <FormErrorAlert>{failure}</FormErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit">{t`Add session`}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
