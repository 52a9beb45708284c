import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps.js';
import type { SharedTimerService } from '../shared-timer/service.js';
import { pushRoutes } from './routes.js';
import { createPushSender, type PushSend } from './sender.js';
import { PushService } from './service.js';

/**
 * Registers /api/push and starts polling for alarms due once the server is ready (issue 33).
 * `send` replaces the push services in tests.
 */
export async function registerPush(
  app: FastifyInstance,
  deps: ModuleDeps,
  timer: SharedTimerService,
  send: PushSend = createPushSender(deps.ctx.config.push),
): Promise<PushService> {
  const service = new PushService(
    deps.ctx,
    { timer, users: deps.users },
    send,
    app.log.child({ module: 'push' }),
  );
  const log = app.log.child({ module: 'push' });
  // The timer is written by then: a schedule that cannot be written must not fail the press (its
  // answer, and the other devices' news). The poll finds the real phase end of a row it has.
  timer.onWritten((write) =>
    service
      .timerWritten(write)
      .catch((error: unknown) => log.error({ err: error }, 'push: could not schedule an alarm')),
  );
  await app.register(pushRoutes, { prefix: '/api', service, requireAuth: deps.requireAuth });
  const subject = deps.ctx.config.push.subject;
  if (/@localhost$|\/\/localhost(:|\/|$)|\.(local|localhost|invalid|test)(:|\/|$)/.test(subject)) {
    log.warn(
      { subject },
      "VAPID subject is a local address: Apple's push service refuses alarms signed with it " +
        '(Safari devices get none); set VAPID_SUBJECT or an https PUBLIC_URL',
    );
  }
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
  return service;
}
