/**
 * What a suite needs from the machine (a program, the build, root). Locally a missing one skips
 * the suite with the reason; under CI=true it fails the run instead, so a suite can never pass
 * by not running (the test command installs what CI needs: scripts/ensure-*.sh).
 */
export function needs(available: boolean, what: string): boolean {
  if (!available && process.env.CI) {
    throw new Error(`${what}: missing, and CI=true runs every suite (see scripts/test-all.sh)`);
  }
  return available;
}
