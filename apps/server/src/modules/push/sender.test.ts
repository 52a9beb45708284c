import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushAlarmPayload } from '@focusroom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushConfig } from '../../config.js';
import { createPushSender, isUsableBrowserKey } from './sender.js';

/** A push service whose answer is the status in the path (/push/410 answers 410). */
let server: http.Server;
let origin: string;
const seen: { path: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    request.on('end', () => {
      const status = Number(request.url?.split('/')[2]);
      if (status === 0) request.socket.destroy();
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function config(extra: string[] = [origin]): PushConfig {
  const vapid = createECDH('prime256v1');
  vapid.generateKeys();
  return {
    publicKey: vapid.getPublicKey().toString('base64url'),
    privateKey: vapid.getPrivateKey().toString('base64url').padStart(43, 'A'),
    subject: 'mailto:ops@focusroom.test',
    extraServiceOrigins: extra,
    pollMs: 1000,
  };
}

function target(path: string) {
  const browser = createECDH('prime256v1');
  return {
    endpoint: `${origin}/push/${path}`,
    p256dh: browser.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const payload: PushAlarmPayload = {
  kind: 'test',
  title: 'Test alarm',
  body: 'x',
  tag: 'focusroom-timer',
  lang: 'en',
  dir: 'ltr',
  actions: [],
};

describe('createPushSender', () => {
  it("reads the push service's answer: taken, gone, try again, or never", async () => {
    const send = createPushSender(config());
    const outcomes = await Promise.all(
      ['201', '202', '404', '410', '429', '500', '503', '400', '403', '0'].map(async (status) => [
        status,
        await send(target(status), payload),
      ]),
    );
    expect(Object.fromEntries(outcomes)).toEqual({
      '201': 'sent',
      '202': 'sent',
      '404': 'gone',
      '410': 'gone',
      '429': 'failed',
      '500': 'failed',
      '503': 'failed',
      '400': 'refused',
      '403': 'refused',
      '0': 'failed',
    });
  });

  it('signs once per push service and reuses the signature until it is an hour old', async () => {
    let now = Date.now();
    const send = createPushSender(config(), () => now);
    seen.length = 0;
    await send(target('201'), payload);
    await send(target('201'), payload);
    now += 59 * 60_000;
    await send(target('201'), payload);
    now += 2 * 60_000;
    await send(target('201'), payload);
    const headers = seen.map((request) => request.authorization);
    expect(headers[0]).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(headers.slice(0, 3)).toEqual([headers[0], headers[0], headers[0]]);
    expect(headers[3]).not.toBe(headers[0]);
  });

  it('sends nothing to an address that is not a push service', async () => {
    const send = createPushSender(config([]));
    seen.length = 0;
    expect(await send(target('201'), payload)).toBe('refused');
    expect(seen).toEqual([]);
  });

  it('refuses keys no alarm can be encrypted for, without a request', async () => {
    const send = createPushSender(config());
    seen.length = 0;
    const bad = { ...target('201'), p256dh: `B${'A'.repeat(86)}` };
    expect(isUsableBrowserKey(bad.p256dh)).toBe(false);
    expect(isUsableBrowserKey(target('201').p256dh)).toBe(true);
    expect(await send(bad, payload)).toBe('refused');
    expect(seen).toEqual([]);
  });
});
