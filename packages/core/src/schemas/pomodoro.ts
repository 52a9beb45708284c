import { z } from 'zod';
import { FIELD_MESSAGES } from '../field-messages.js';
import { WEEKDAYS, type Weekday } from '../stats/days.js';
import { DEFAULT_SESSION_TASK } from '../timer/session.js';
import {
  ID_PATTERN,
  SESSION_DURATION_MAX_MINUTES,
  SESSION_MAX_SPAN_MS,
  SESSION_TASK_MAX_LENGTH,
  SESSIONS_PAGE_MAX,
  TODO_DONE_POMODOROS_MAX,
  TODO_ESTIMATE_DEFAULT,
  TODO_ESTIMATE_MAX,
  TODO_ESTIMATE_MIN,
  TODO_TEXT_MAX_LENGTH,
  TODOS_MAX_ITEMS,
} from '../constants.js';
import { SESSION_MESSAGES, TODO_MESSAGES } from '../messages.js';
import { IdSchema, TimeZoneSchema } from './common.js';

/** Instants before 1970 or from year 10000 on have no fixed-width ISO form; nobody focuses then. */
const MIN_INSTANT_MS = Date.UTC(1970, 0, 1);
const MAX_INSTANT_MS = Date.UTC(9999, 11, 31);

/** An ISO 8601 instant that says its offset (Z or ±hh:mm), so it names one moment. */
export const InstantSchema = z.iso
  .datetime({ offset: true, error: SESSION_MESSAGES.instant })
  .refine(
    (value) => {
      const ms = Date.parse(value);
      return ms >= MIN_INSTANT_MS && ms < MAX_INSTANT_MS;
    },
    { error: SESSION_MESSAGES.instantRange },
  );

/** Minutes; fractions are rounded to the nearest whole minute when stored. */
export const SessionDurationSchema = z
  .number({ error: SESSION_MESSAGES.duration })
  .min(0)
  .max(SESSION_DURATION_MAX_MINUTES)
  .describe(
    `Minutes, 0-${SESSION_DURATION_MAX_MINUTES}; a fraction is rounded to the nearest whole minute`,
  );

export const SessionTaskSchema = z
  .string()
  .trim()
  .max(SESSION_TASK_MAX_LENGTH, SESSION_MESSAGES.task)
  .describe(`Empty or missing: '${DEFAULT_SESSION_TASK}'`);

export const ClientIdSchema = z
  .string()
  .regex(ID_PATTERN, SESSION_MESSAGES.clientId)
  .toLowerCase()
  .describe('Made by the client; a repeat with the same value returns the first session');

/**
 * The minutes stored for a session: the given duration rounded, or, when none is given, the
 * rounded minutes between start and end (product §3's rule for a session without a duration).
 */
export function sessionMinutes(startTime: string, endTime: string, duration?: number): number {
  if (duration !== undefined) return Math.round(duration);
  return Math.round((Date.parse(endTime) - Date.parse(startTime)) / 60_000);
}

/** The first rule a session's times (and derived duration) break, or null when they are fine. */
export function sessionProblem(
  startTime: string,
  endTime: string,
  duration?: number,
): { field: 'end_time' | 'duration'; message: string } | null {
  const span = Date.parse(endTime) - Date.parse(startTime);
  if (span < 0) return { field: 'end_time', message: SESSION_MESSAGES.endBeforeStart };
  if (span > SESSION_MAX_SPAN_MS)
    return { field: 'end_time', message: SESSION_MESSAGES.spanTooLong };
  if (sessionMinutes(startTime, endTime, duration) > SESSION_DURATION_MAX_MINUTES) {
    return { field: 'duration', message: SESSION_MESSAGES.duration };
  }
  return null;
}

/** POST /pomodoro/sessions: the session record of product §3 plus its client_id (product §7). */
export const CreateSessionBodySchema = z
  .object({
    duration: SessionDurationSchema.optional(),
    task: SessionTaskSchema.nullable().optional(),
    completed: z.boolean().default(true),
    start_time: InstantSchema,
    end_time: InstantSchema,
    client_id: ClientIdSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const problem = sessionProblem(body.start_time, body.end_time, body.duration);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;
/** What a client may send (completed and the rest optional). */
export type CreateSessionInput = z.input<typeof CreateSessionBodySchema>;

/** PUT /pomodoro/sessions/:id: any of these; the merged session must pass the same rules. */
export const UpdateSessionBodySchema = z.object({
  duration: SessionDurationSchema.optional(),
  task: SessionTaskSchema.nullable().optional(),
  completed: z.boolean().optional(),
  start_time: InstantSchema.optional(),
  end_time: InstantSchema.optional(),
});
export type UpdateSessionBody = z.infer<typeof UpdateSessionBodySchema>;

/** A recorded focus session; times are UTC ISO strings, duration whole minutes. */
export const SessionSchema = z.object({
  id: IdSchema,
  duration: z.number().int(),
  task: z.string(),
  completed: z.boolean(),
  created_at: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  client_id: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListSchema = z.array(SessionSchema);

/**
 * GET /pomodoro/sessions. Without limit: every session (filtered by from/to). With limit: one
 * page, and the X-Next-Cursor header when there is another.
 */
export const ListSessionsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: SESSION_MESSAGES.limit })
    .int()
    .min(1)
    .max(SESSIONS_PAGE_MAX)
    .optional(),
  cursor: z
    .string()
    .max(200, SESSION_MESSAGES.cursor)
    .optional()
    .describe('The X-Next-Cursor value of the previous page'),
  from: InstantSchema.optional().describe('Sessions that start at or after this instant'),
  to: InstantSchema.optional().describe('Sessions that start before this instant'),
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuerySchema>;

/** `?tz=` an IANA zone; default the user's time_zone, else UTC. */
export const TimeZoneQuerySchema = z.object({ tz: TimeZoneSchema.optional() });
export type TimeZoneQuery = z.infer<typeof TimeZoneQuerySchema>;

/** Any string: an id that is not one of the user's answers 404, never 400. */
export const OwnedIdParamsSchema = z.object({ id: z.string() });

const WeekdayActivitySchema = z.object({ count: z.number(), totalMinutes: z.number() });
const ActivityByWeekdaySchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, WeekdayActivitySchema])) as Record<
    Weekday,
    typeof WeekdayActivitySchema
  >,
);
const HeatmapEntrySchema = z.object({
  date: z.string().describe('YYYY-MM-DD, a local day'),
  count: z.number(),
  minutes: z.number(),
});

/**
 * GET /pomodoro/stats: every field of product §7, always present. The one definition of the
 * answer: core's StatsResponse and the client's StatsSummary are derived from this type.
 */
export const StatsResponseSchema = z.object({
  totalSessions: z.number(),
  completedSessions: z.number(),
  totalMinutes: z.number(),
  totalFocusTime: z.number(),
  totalFocusTimeMinutes: z.number(),
  averageSessionMinutes: z.number(),
  averageSessionDuration: z.number(),
  averageSessionDurationMinutes: z.number(),
  lastWeekActivity: ActivityByWeekdaySchema,
  last30DaysActivity: ActivityByWeekdaySchema,
  allTimeActivity: ActivityByWeekdaySchema,
  mostProductiveDay: z
    .object({ day: z.enum(WEEKDAYS), minutes: z.number(), count: z.number() })
    .nullable(),
  averageDailySessions: z.number(),
  completionTrend: z.object({
    currentWeek: z.number(),
    previousWeek: z.number(),
    percentChange: z.number(),
  }),
  currentStreak: z.number(),
  longestStreak: z.number(),
  activityHeatmap: z.array(HeatmapEntrySchema).describe('365 local days, oldest first'),
  heatmapData: z.array(HeatmapEntrySchema).describe('The same as activityHeatmap'),
});
export type StatsResponseJson = z.infer<typeof StatsResponseSchema>;

const TodoTextSchema = z
  .string({ error: FIELD_MESSAGES.todoTextNotText })
  .trim()
  .min(1, TODO_MESSAGES.empty)
  .max(TODO_TEXT_MAX_LENGTH, TODO_MESSAGES.tooLong);

/** Pomodoros a to-do is estimated to take (product §4 "To-do estimates"). */
const TodoEstimateSchema = z
  .number({ error: TODO_MESSAGES.estimate })
  .int(TODO_MESSAGES.estimate)
  .min(TODO_ESTIMATE_MIN, TODO_MESSAGES.estimate)
  .max(TODO_ESTIMATE_MAX, TODO_MESSAGES.estimate);

/** Pomodoros finished while the to-do was the active one. */
const TodoDonePomodorosSchema = z
  .number({ error: TODO_MESSAGES.donePomodoros })
  .int(TODO_MESSAGES.donePomodoros)
  .min(0, TODO_MESSAGES.donePomodoros)
  .max(TODO_DONE_POMODOROS_MAX, TODO_MESSAGES.donePomodoros);

const TodoActiveSchema = z.boolean({ error: TODO_MESSAGES.active });

export const TodoSchema = z.object({
  id: IdSchema,
  text: z.string(),
  completed: z.boolean(),
  position: z.number().int(),
  estimate: z.number().int(),
  done_pomodoros: z.number().int(),
  active: z.boolean().describe('The to-do being worked on; at most one per list'),
});
export type Todo = z.infer<typeof TodoSchema>;
export const TodoListSchema = z.array(TodoSchema);

export const TodoInputSchema = z.object({
  id: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional()
    .describe('Kept when it is one of your to-dos; anything else gets a new id'),
  text: TodoTextSchema,
  completed: z.boolean().default(false),
  estimate: TodoEstimateSchema.optional().describe(
    `Missing: the kept to-do's estimate, else ${TODO_ESTIMATE_DEFAULT}`,
  ),
  done_pomodoros: TodoDonePomodorosSchema.optional().describe(
    "Missing: the kept to-do's count, else 0",
  ),
  active: TodoActiveSchema.optional().describe("Missing: the kept to-do's flag, else false"),
});

/** POST /pomodoro/todos: the whole list, in order; it replaces the stored one. */
export const ReplaceTodosBodySchema = z.object({
  todos: z
    .array(TodoInputSchema)
    .max(TODOS_MAX_ITEMS, TODO_MESSAGES.tooMany)
    .refine((todos) => todos.filter((t) => t.active === true).length <= 1, {
      error: TODO_MESSAGES.oneActive,
    }),
});
export type ReplaceTodosBody = z.infer<typeof ReplaceTodosBodySchema>;
export type ReplaceTodosInput = z.input<typeof ReplaceTodosBodySchema>;

/** PUT /pomodoro/todos/:id: position moves the item to that index (0 first) of the list. */
export const UpdateTodoBodySchema = z.object({
  text: TodoTextSchema.optional(),
  completed: z.boolean().optional(),
  position: z
    .number()
    .int(FIELD_MESSAGES.positionWhole)
    .min(0, FIELD_MESSAGES.positionNegative)
    .max(100_000, FIELD_MESSAGES.positionTooLarge)
    .optional(),
  estimate: TodoEstimateSchema.optional(),
  done_pomodoros: TodoDonePomodorosSchema.optional(),
  active: TodoActiveSchema.optional().describe('true makes it the one active to-do of the list'),
});
export type UpdateTodoBody = z.infer<typeof UpdateTodoBodySchema>;
