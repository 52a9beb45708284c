#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing: the suites that share state across instances
# start throwaway redis-server processes of their own (apps/server/test/support/scale-out.ts), and
# under CI=true a suite never skips for want of it (apps/server/test/support/prerequisites.ts).
# The system service is never used or started here.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
echo "redis-server is missing: installing Debian's redis-server package"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq redis-server >/dev/null
redis-server --version
