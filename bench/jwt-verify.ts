/**
 * What verifying an access token costs the server (every API request and live channel does it):
 * jose's jwtVerify given the secret's bytes, which it imports as a WebCrypto key on every call,
 * against the same given a key imported once (apps/server/src/lib/jwt.ts, AccessTokenVerifier).
 * Both in this process, alternating rounds, so the machine's state is shared.
 *
 *   npx tsx bench/jwt-verify.ts        (ROUNDS=5, PER_ROUND=20000)
 */
import { SignJWT, jwtVerify } from 'jose';
import { percentile } from './lib/stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PER_ROUND = Number(process.env.PER_ROUND ?? 20_000);

const secret = new TextEncoder().encode('a-secret-of-forty-eight-bytes-for-this-bench-x');
const token = await new SignJWT({ id: 'u', username: 'u', name: 'U', email: 'u@example.com' })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setSubject('u')
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(secret);
const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
  'verify',
]);

/** CPU microseconds per verification. */
async function round(with_: Uint8Array | typeof key): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++) await jwtVerify(token, with_, { algorithms: ['HS256'] });
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / PER_ROUND;
}

const bytes: number[] = [];
const imported: number[] = [];
await round(secret);
await round(key);
for (let r = 0; r < ROUNDS; r++) {
  bytes.push(await round(secret));
  imported.push(await round(key));
}
const b = percentile(bytes, 50);
const k = percentile(imported, 50);
console.log(
  `## Access token verification, CPU per call (median of ${ROUNDS} rounds of ${PER_ROUND})\n`,
);
console.log('| jwtVerify given | CPU µs per call | rounds |');
console.log('|---|---:|---|');
console.log(
  `| the secret's bytes (imported each call) | ${b.toFixed(1)} | ${bytes.map((v) => v.toFixed(0)).join(', ')} |`,
);
console.log(
  `| a key imported once | ${k.toFixed(1)} | ${imported.map((v) => v.toFixed(0)).join(', ')} |`,
);
console.log(`\nThe key imported once costs ${((100 * k) / b).toFixed(0)}% of the other.`);
