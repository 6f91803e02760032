#!/usr/bin/env bash
# The tests use a few Debian programs that test tools cannot download here: Chromium (browser tests),
# nginx (cluster tests: only the binary, run as the tests' own child with a private prefix), pdftotext from
# poppler-utils (reads the receipt PDFs back), Mosquitto (the MQTT client against a second broker) and
# Prometheus (scrapes /metrics in apps/server/test/metrics; run as the test's child on a free port).
# Installs the missing ones in one apt-get call.
set -euo pipefail
missing=()
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
have chromium || [ -n "${CHROMIUM_PATH:-}" ] || missing+=(chromium)
have nginx || [ -n "${NGINX_PATH:-}" ] || missing+=(nginx)
have pdftotext || missing+=(poppler-utils)
have mosquitto || missing+=(mosquitto)
have prometheus || [ -n "${PROMETHEUS_PATH:-}" ] || missing+=(prometheus)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing for the tests: install Debian's packages with 'sudo apt-get install -y ${missing[*]}'." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
