/**
 * The few parts of `ws` (a dependency of jsdom and vite, hoisted; it ships no types) that the raw
 * DevTools client uses. Node 20 has no global WebSocket.
 */
declare module 'ws' {
  export default class WebSocket {
    constructor(url: string, options?: { perMessageDeflate?: boolean; maxPayload?: number });
    on(event: 'message', listener: (data: Buffer) => void): this;
    on(event: 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    send(data: string): void;
    close(): void;
  }
}
