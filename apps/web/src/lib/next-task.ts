/**
 * Resolves in a task of its own, after the current one: a message the page posts to itself, as
 * React's scheduler does. Used to keep start-up work out of the entry's evaluation, the longest
 * task of the start-up (docs/decisions/043). Not a timer: a clock a test installs pauses timers,
 * and the page must start all the same.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
