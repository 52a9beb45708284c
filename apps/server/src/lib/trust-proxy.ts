import net from 'node:net';

/**
 * Whose X-Forwarded-For to believe: nobody (`false`), the nearest `n` hops, or peers at these
 * addresses / CIDRs (and the names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A single address or `address/prefix` with a prefix of 1-32 (IPv4) or 1-128 (IPv6). */
function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = net.isIP(address);
  if (version === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, empty, `false`, `no` or `0` trust nobody; `true` or `yes` mean one
 * hop (a single reverse proxy in front); a whole number is a hop count; anything else is a
 * comma-separated list of trusted proxy addresses or CIDRs. Returns an error message instead
 * when the value is none of these.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? '').trim();
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'false' || lower === 'no') return false;
  if (lower === 'true' || lower === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (!Number.isSafeInteger(hops)) return { error: 'hop count is too large' };
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    const named = bad.map((entry) => (entry === '' ? 'an empty entry' : `"${entry}"`));
    return {
      error: `${named.join(', ')}: must be true, false, a hop count (0 or more), or a comma-separated list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal)`,
    };
  }
  return entries;
}

/**
 * Fastify's `trustProxy` option for a parsed value. Never `true` (which would believe the
 * left-most X-Forwarded-For entry, which any client can write). A hop count becomes a function,
 * since Fastify 5 treats a bare number as trusting nobody: the socket peer and the next n-1
 * entries from the right are proxies, so the client is the right-most entry they did not add.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
