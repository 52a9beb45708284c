import './todo-estimates.css';
import {
  TODO_ESTIMATE_MAX,
  TODO_ESTIMATE_MIN,
  estimateTotals,
  finishAt,
  remainingPomodoros,
  timeReading,
} from '@focusroom/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { richMessage } from '../../i18n';
import { formatFinishAt, formatSpan } from './finish-at';
import { timerController, type TodoItem } from './timer-store';
import { useAdoptEarlyInput } from '../../lib/early-input';
import { useTimerStore } from './use-timer';

/**
 * The estimate parts of the to-do list (product §4 "To-do estimates"): the estimate field, the
 * done/estimate count, the "work on this" toggle and the list's "finish at" line.
 */

function parseEstimate(raw: string): number | null {
  if (!/^\d{1,2}$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value >= TODO_ESTIMATE_MIN && value <= TODO_ESTIMATE_MAX ? value : null;
}

/**
 * A compact number field (arrow keys step it): a whole number 1-99. What is typed is kept while
 * it is not a valid estimate yet; leaving the field puts back the last valid one.
 */
export function EstimateField({
  value,
  label,
  onChange,
  size = 'row',
  disabled = false,
}: {
  value: number;
  label: string;
  onChange: (estimate: number) => void;
  /** 'form': as tall as the text field beside it. */
  size?: 'row' | 'form';
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  // Typed before the page hydrated: kept as typed, and the estimate taken when it is one.
  useAdoptEarlyInput(field, String(value), (typed) => {
    const parsed = parseEstimate(typed);
    if (parsed === null || String(parsed) !== typed) setDraft(typed);
    if (parsed !== null && parsed !== value) onChange(parsed);
  });
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const parsed = parseEstimate(raw);
    if (parsed === null) {
      setDraft(raw);
      return;
    }
    setDraft(null);
    if (parsed !== value) onChange(parsed);
  };
  return (
    <input
      ref={field}
      className="fr-estimate-input"
      data-size={size}
      type="number"
      inputMode="numeric"
      min={TODO_ESTIMATE_MIN}
      max={TODO_ESTIMATE_MAX}
      step={1}
      aria-label={label}
      title={t`Estimated pomodoros`}
      value={draft ?? String(value)}
      onChange={change}
      onBlur={() => setDraft(null)}
      disabled={disabled}
    />
  );
}

/** "1/4": pomodoros done on this to-do out of its estimate. */
export function DoneCount({ item }: { item: TodoItem }) {
  const { t } = useLingui();
  const done = item.donePomodoros;
  const estimate = item.estimate;
  return (
    <span className="fr-todo-count" data-over={item.donePomodoros > item.estimate}>
      <span aria-hidden="true" data-testid="todo-count">
        {item.donePomodoros}/{item.estimate}
      </span>
      <span className="fr-visually-hidden">
        {t`${plural(estimate, {
          one: `${done} of # estimated pomodoro done`,
          other: `${done} of # estimated pomodoros done`,
        })}`}
      </span>
    </span>
  );
}

/** Makes this the to-do being worked on (pressed), or none (pressed again). */
export function ActiveToggle({ item }: { item: TodoItem }) {
  const { t } = useLingui();
  const text = item.text;
  return (
    <ActionIcon
      variant={item.active ? 'light' : 'subtle'}
      color={item.active ? undefined : 'gray'}
      aria-pressed={item.active}
      aria-label={t`Work on “${text}”`}
      title={item.active ? t`Working on this: finished pomodoros count for it` : t`Work on this`}
      onClick={() => timerController().setActiveTodo(item.active ? null : item.id)}
    >
      <IconTarget size={17} aria-hidden />
    </ActionIcon>
  );
}

/**
 * Re-reads the clock now and then, so an idle list's finish time moves on with it: the timer's
 * own clock, which is the server's while signed in (issue 33), like the timestamps it meets.
 */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => timerController().now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(timerController().now()), 10_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** "Finish at 15:30 (1 h 35 min)": the clock time in bold, then how long until then. */
function FinishAt({ at, now }: { at: number; now: number }) {
  const { t } = useLingui();
  const time = formatFinishAt(at, now);
  const span = formatSpan(at - now);
  return richMessage(t`Finish at <0>${time}</0> (${span})`, [<strong />]);
}

/** "Pomodoros 1/5 · Finish at 15:30 (1 h 35 min)" for the whole list; nothing when it is empty. */
export function EstimateSummary() {
  const clock = useMinuteClock();
  const { t } = useLingui();
  const view = useTimerStore(
    useShallow((s) => ({
      todos: s.todos,
      timer: s.timer,
      settings: s.settings,
      storeNow: s.now,
    })),
  );
  if (view.todos.length === 0) return null;
  const now = Math.max(clock, view.storeNow);
  const totals = estimateTotals(view.todos);
  const at = finishAt(remainingPomodoros(view.todos), view.timer, now, view.settings);
  const { done, estimate } = totals;
  // A display that shows no number while a phase is under way (ring, hidden; decision 084) shows
  // no finish time then either: it moves with the time left, and would give it away.
  const timeShown = timeReading(view.settings.time_display, view.timer.status, 0).kind !== 'none';
  return (
    <p className="fr-estimate-summary" data-testid="estimate-summary">
      <span>
        {richMessage(t`Pomodoros <0>${done}/${estimate}</0>`, [
          <strong data-testid="estimate-totals" />,
        ])}
      </span>
      {at === null ? (
        <span data-testid="finish-at">{t`All estimated pomodoros done`}</span>
      ) : timeShown ? (
        <span data-testid="finish-at">
          <FinishAt at={at} now={now} />
        </span>
      ) : null}
    </p>
  );
}
