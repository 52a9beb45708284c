#!/usr/bin/env bash
# Installs Debian's nginx when it is missing. The scale-out tests start it as a process of their
# own with deploy/nginx/focusroom.conf; the system service is never used (or started here).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
echo "nginx is missing: installing Debian's nginx package"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq nginx >/dev/null
/usr/sbin/nginx -v
