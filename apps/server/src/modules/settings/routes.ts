import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALARM_SOUND_IDS,
  ALARM_VOLUME_MAX,
  ALARM_VOLUME_MIN,
  DAILY_GOAL_MAX,
  DAILY_GOAL_MIN,
  DURATION_MAX_MINUTES,
  DURATION_MIN_MINUTES,
  TIME_DISPLAYS,
  UNTIL_LONG_BREAK_MAX,
  UNTIL_LONG_BREAK_MIN,
} from '@focusroom/core';
import { TimerSettingsSchema, UpdateSettingsBodySchema } from '@focusroom/core/schemas';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { bearerSecurity, errorResponses } from '../../lib/responses.js';
import { getAuth } from '../auth/guard.js';
import type { SettingsService } from './service.js';

export interface SettingsRoutesOptions {
  service: SettingsService;
  requireAuth: preHandlerAsyncHookHandler;
}

/** /api/settings: the signed-in user's timer settings. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, opts) => {
  const { service, requireAuth } = opts;
  const tags = ['settings'];
  app.addHook('preHandler', requireAuth);

  app.get('/settings', {
    schema: {
      tags,
      summary: 'The timer settings (the defaults until saved)',
      security: bearerSecurity,
      response: { 200: TimerSettingsSchema, ...errorResponses(401, 500) },
    },
    handler: async (request) => service.get(getAuth(request).user.id),
  });

  app.put('/settings', {
    schema: {
      tags,
      summary: 'Save any of the settings; answers the full object',
      description:
        `Durations are whole minutes ${DURATION_MIN_MINUTES}-${DURATION_MAX_MINUTES}, ` +
        `pomodoros_until_long_break ${UNTIL_LONG_BREAK_MIN}-${UNTIL_LONG_BREAK_MAX}, ` +
        `alarm_volume ${ALARM_VOLUME_MIN}-${ALARM_VOLUME_MAX}, ` +
        `daily_goal ${DAILY_GOAL_MIN}-${DAILY_GOAL_MAX}, focus_end_sound and break_end_sound ` +
        `one of ${ALARM_SOUND_IDS.join(', ')}, time_display one of ${TIME_DISPLAYS.join(', ')}, ` +
        'the rest booleans. Unknown fields are ignored.',
      security: bearerSecurity,
      body: UpdateSettingsBodySchema,
      response: { 200: TimerSettingsSchema, ...errorResponses(400, 401, 413, 415, 500) },
    },
    handler: async (request) => service.update(getAuth(request).user.id, request.body),
  });
};
