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
  timer.onWritten((write) => service.timerWritten(write));
  await app.register(pushRoutes, { prefix: '/api', service, requireAuth: deps.requireAuth });
  app.addHook('onReady', async () => service.start());
  app.addHook('onClose', async () => service.stop());
  return service;
}
