#!/usr/bin/env bash
# CI entry point: install what a fresh machine lacks, then run README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "ci: installing pnpm $PNPM_VERSION"
  npm install -g "pnpm@$PNPM_VERSION"
fi

# Node 24 LTS (the npm registry's node@24) first on PATH for the whole run: the project supports only Node 24.
NODE24_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/phonehaat/node24"
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) === 24 ? 0 : 1)' 2>/dev/null; then
  if [ ! -x "$NODE24_DIR/node_modules/node/bin/node" ]; then
    echo "ci: installing Node 24 from the npm registry"
    npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund node@24 >/dev/null
  fi
  export PATH="$NODE24_DIR/node_modules/node/bin:$PATH"
fi
echo "ci: Node $(node --version)"

# Debian's Chromium for the browser tests (Playwright cannot download its own here), and a font with Bangla glyphs:
# without one Chromium draws Bangla as boxes, and the Bangla pages' screenshots, layout and axe checks are wrong.
packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
# Its old headless shell, which most journeys run in (e2e/browser.ts): the same engine, a quarter less CPU.
[ -x /usr/lib/chromium/chromium-headless-shell ] || packages+=(chromium-headless-shell)
fc-list :lang=bn 2>/dev/null | grep -q . || packages+=(fonts-noto-core)
# The container tools the images and the compose stack are tested with (issue 66): Debian's podman 4.3 with runc (crun
# 1.8 refuses this machine's cgroups), podman-compose, mmdebstrap for the base image without a registry, and unzip
# for the helm binary an npm package carries.
for tool in podman buildah runc podman-compose mmdebstrap unzip; do command -v "$tool" >/dev/null 2>&1 || packages+=("$tool"); done
command -v netavark >/dev/null 2>&1 || [ -x /usr/lib/podman/netavark ] || packages+=(netavark aardvark-dns)
dpkg -s catatonit >/dev/null 2>&1 || packages+=(catatonit iptables)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "ci: installing ${packages[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${packages[@]}" >/dev/null
fi

# The API suite also runs against the PostgreSQL server on this machine.
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "ci: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi

# Redis on this machine: rate limits counted across API instances are tested against it.
redis_up() { (echo > /dev/tcp/127.0.0.1/6379) 2>/dev/null; }
if ! redis_up && command -v redis-server >/dev/null 2>&1; then
  echo "ci: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || true
  sleep 1
fi
if redis_up; then
  export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
else
  echo "ci: no Redis on 127.0.0.1:6379: the tests that need it are skipped"
fi

export CI=true
pnpm install --frozen-lockfile
