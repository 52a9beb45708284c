import { z } from 'zod';
import { LIVE_DEVICE_LABEL_MAX_LENGTH } from '../live/protocol.js';
import { SHARED_TIMER_ID_MAX_LENGTH } from '../timer/shared-timer.js';

/** What a tab may send on the live channel (issue 33); anything else closes its socket. */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('hello'),
    token: z.string().min(1).max(4_000),
    device: z.strictObject({
      id: z.string().min(1).max(SHARED_TIMER_ID_MAX_LENGTH),
      label: z.string().max(LIVE_DEVICE_LABEL_MAX_LENGTH),
    }),
  }),
  z.strictObject({ type: z.literal('ping'), sentAt: z.number().finite() }),
]);
