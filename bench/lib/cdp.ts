import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';

/**
 * A bare Chrome DevTools Protocol client over one browser-level WebSocket (flattened sessions).
 * The timer benchmark drives Chromium this way rather than through Playwright because Playwright
 * keeps its pages visible when another tab comes to the front, and the benchmark needs a tab
 * that is really hidden, as in a person's browser.
 */
export class Cdp {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id === undefined) return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  static async connect(url: string): Promise<Cdp> {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Cdp(socket);
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  /** Runs an expression in the page and returns its JSON value. */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const answer = await this.send<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (answer.exceptionDetails) {
      throw new Error(
        answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text,
      );
    }
    return answer.result.value as T;
  }

  close(): void {
    this.socket.close();
  }
}

export interface LaunchedChromium {
  cdp: Cdp;
  child: ChildProcess;
  close: () => Promise<void>;
}

/**
 * Starts Chromium in new headless mode with its own profile and DevTools on a free port. None of
 * the automation flags that turn background throttling off are passed: the benchmark wants the
 * throttling a real hidden tab gets.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<LaunchedChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'focusroom-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      '--no-default-browser-check',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      ...extraArgs,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('Chromium did not start')), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited: ${output.slice(-500)}`)));
  });
  const cdp = await Cdp.connect(url);
  return {
    cdp,
    child,
    close: async () => {
      cdp.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch {
        // A helper process may still be writing its profile as it exits: the temp dir stays.
      }
    },
  };
}

/** Opens a tab, attaches to it and returns its session id. */
export async function openTab(
  cdp: Cdp,
  url: string,
): Promise<{ targetId: string; sessionId: string }> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  return { targetId, sessionId };
}

/**
 * The phone profile the first-screen benchmarks share: a slow 4G link (150 ms, 1.6 Mbit/s down,
 * 750 kbit/s up, at 90%), the CPU slowed 4x and a phone's screen of `screen`'s size.
 */
export async function emulatePhone(
  cdp: Cdp,
  sessionId: string,
  screen: { width: number; height: number; deviceScaleFactor: number },
): Promise<void> {
  await cdp.send('Network.enable', {}, sessionId);
  await cdp.send(
    'Network.emulateNetworkConditions',
    {
      offline: false,
      latency: 150,
      downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
      uploadThroughput: ((750 * 1024) / 8) * 0.9,
    },
    sessionId,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 }, sessionId);
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...screen, mobile: true }, sessionId);
}
