import { LIVE_CLOSE, LIVE_MESSAGE_MAX_BYTES, LIVE_PATH } from '@focusroom/core';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/http-errors.js';
import type { LiveHub } from './hub.js';

export interface LiveRoutesOptions {
  hub: LiveHub;
}

/**
 * The live channel (issue 33; decision 081): GET LIVE_PATH upgraded to a WebSocket. The request
 * passes the app's hooks like any other (overload, security headers); who is asking is said by
 * the socket's first message, since a browser's WebSocket cannot send an Authorization header
 * and a token in the address would end up in logs.
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, { hub }) => {
  await app.register(websocket, {
    options: { maxPayload: LIVE_MESSAGE_MAX_BYTES },
    // Every socket closes with "going away" (tabs reconnect, to another instance) and the hub
    // says goodbye to the other instances.
    preClose: async () => {
      await hub.close();
      for (const client of app.websocketServer.clients) client.close(LIVE_CLOSE.goingAway);
    },
  });
  app.route({
    method: 'GET',
    url: LIVE_PATH,
    schema: { hide: true },
    // Without an upgrade the address is not an HTTP resource.
    handler: async () => {
      throw notFound();
    },
    wsHandler: (socket) => hub.accept(socket),
  });
};
