import { z } from 'zod';
import { CURRENT_TASK_MAX_LENGTH } from '../constants.js';
import { SESSION_MESSAGES } from '../messages.js';
import { TIMER_TYPES } from '../timer/machine.js';
import {
  SHARED_TIMER_ID_MAX_LENGTH,
  SHARED_TIMER_MAX_BATCH,
  SHARED_TIMER_MESSAGES,
} from '../timer/shared-timer.js';

const Millis = z.number().describe('Epoch milliseconds, server time');

export const TimerStateSchema = z.object({
  status: z.enum(['idle', 'running', 'paused', 'completed']),
  type: z.enum(TIMER_TYPES),
  completedPomodoros: z.number().int(),
  durationMs: z.number(),
  remainingMs: z.number().describe('Time left while paused'),
  endsAt: Millis.nullable().describe('While running: when the countdown reaches zero'),
  startedAt: Millis.nullable().describe("The phase's first start"),
  activeMs: z.number().describe('Running time before the current stretch'),
  runningSince: Millis.nullable(),
  autoStartAt: Millis.nullable().describe('While completed: when the next phase starts by itself'),
});

/** The account's one timer as every device shows it (issue 33). */
export const SharedTimerSchema = z.object({
  version: z.number().int().describe('Counts every change; a higher one replaces a lower one'),
  state: TimerStateSchema,
  currentTask: z.string(),
  changedAt: Millis,
  changedBy: z.string().nullable().describe('The device that made the last change'),
  serverNow: Millis.describe("The server's clock as it answered, for the device's offset"),
});
export type SharedTimerJson = z.infer<typeof SharedTimerSchema>;

/** Every part of a malformed press is answered with the one sentence that lists what it needs. */
const invalid = { error: SHARED_TIMER_MESSAGES.action };

const PressId = z.string(invalid).min(1, invalid).max(SHARED_TIMER_ID_MAX_LENGTH, invalid);

const ActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.enum(['start', 'pause', 'resume', 'reset', 'skip'], invalid) }, invalid),
    z.object(
      { type: z.literal('select', invalid), timerType: z.enum(TIMER_TYPES, invalid) },
      invalid,
    ),
    z.object(
      {
        type: z.literal('task', invalid),
        text: z.string(invalid).max(CURRENT_TASK_MAX_LENGTH, SESSION_MESSAGES.task),
      },
      invalid,
    ),
  ],
  invalid,
);

const TimerRequestSchema = z.object(
  {
    id: PressId.describe('Unique per press: a retry with the same id is applied once'),
    device: PressId.describe('The tab the press came from'),
    baseVersion: z
      .number(invalid)
      .int(invalid)
      .min(0, invalid)
      .describe('The version the device showed'),
    at: z.number(invalid).describe("When the person pressed, epoch ms in the server's time"),
    action: ActionSchema,
  },
  invalid,
);

/** POST /timer/actions: a device's presses, in the order they were made. */
export const SharedTimerActionsBodySchema = z.object({
  requests: z
    .array(TimerRequestSchema, { error: SHARED_TIMER_MESSAGES.batch })
    .min(1, SHARED_TIMER_MESSAGES.batch)
    .max(SHARED_TIMER_MAX_BATCH, SHARED_TIMER_MESSAGES.batch),
});
export type SharedTimerActionsBody = z.infer<typeof SharedTimerActionsBodySchema>;

export const SharedTimerActionsResultSchema = z.object({
  timer: SharedTimerSchema,
  outcomes: z
    .array(z.enum(['applied', 'unchanged', 'stale', 'duplicate']))
    .describe('One per request, in order; after a stale one every later one is stale'),
});
