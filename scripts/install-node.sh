#!/usr/bin/env bash
# Prints the path of a node binary of the given version, unpacking it first (once) from the npm registry's
# node-linux-<arch>@VERSION package into .runtimes/node-VERSION/ (git-ignored). Used by .ci/run and `npm run bench -- --node`.
set -euo pipefail
version=${1:?usage: scripts/install-node.sh VERSION (e.g. 24.21.0)}
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "install-node: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.runtimes/node-$version"
if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" --version)" != "v$version" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the tarball against the registry's integrity hash; nothing of the package runs.
  (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp/node-linux-$arch-$version.tgz" -C "$tmp/unpacked" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"
  mv "$tmp/unpacked" "$dir"
fi
echo "$dir/bin/node"
