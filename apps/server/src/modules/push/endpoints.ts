/**
 * Where the server may send an alarm: a subscription's endpoint is an address the browser gives,
 * so an account could otherwise make the server call any host, its own network included (SSRF).
 * Only the push services browsers use are allowed, over https on the default port, and the
 * origins PUSH_SERVICE_ORIGINS adds (a local fake in tests).
 */
const PUSH_SERVICE_HOSTS: readonly string[] = [
  // Chrome, Edge on Android, Samsung Internet, Opera, Brave (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox (Mozilla's autopush).
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
];

/** Services whose endpoints have a host per region or shard under these domains. */
const PUSH_SERVICE_DOMAINS: readonly string[] = [
  // Safari on macOS, iOS and iPadOS (web.push.apple.com).
  '.push.apple.com',
  // Edge on Windows (Windows Push Notification Services, wns2-*.notify.windows.com).
  '.notify.windows.com',
];

/** Whether `endpoint` is a push service's address the server may send to. */
export function isAllowedPushEndpoint(
  endpoint: string,
  extraOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain) && host.length > domain.length)
  );
}
