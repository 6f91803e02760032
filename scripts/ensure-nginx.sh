#!/usr/bin/env bash
# The cluster tests put two nodes behind Debian's nginx with deploy/nginx/jala.conf. Installs it when absent
# (only the binary is used: the tests run it as their own non-daemon child with a private prefix).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || [ -n "${NGINX_PATH:-}" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "nginx is missing: install Debian's package with 'sudo apt-get install -y nginx'." >&2
  exit 1
fi
echo "Installing Debian's nginx for the cluster tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq nginx >/dev/null
