#!/usr/bin/env bash
# Runs every example project against the packed package, as a user would: `npm pack` once, then
# each example is copied outside the repository (so nothing resolves from the repository's own
# node_modules), installed from the tarball with npm's cache, and its `npm test` run.
#
#   examples/run.sh                  every example
#   examples/run.sh jest storybook   some of them
#
# HYPERMOCK_EXAMPLES_DIR: where the copies live (kept between runs, so installs are incremental).
# HYPERMOCK_TARBALL: use this tarball instead of packing the repository.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${HYPERMOCK_EXAMPLES_DIR:-${TMPDIR:-/tmp}/hypermock-examples}"
ALL=(node-script vitest-react vitest-msw2-node20 jest storybook own-api playwright)
EXAMPLES=("${@:-${ALL[@]}}")

# npm scripts put the repository's Node 24 first on PATH; the examples pick their own Node.
PATH="$(tr ':' '\n' <<<"$PATH" | grep -v "^$ROOT/node_modules/.bin\$" | paste -sd: -)"
export PATH
mkdir -p "$WORK/.pack" "$ROOT/test-results/screenshots"

now() { date +%s%N; }
seconds() { awk -v ns="$1" 'BEGIN { printf "%.1f", ns / 1e9 }'; }

start=$(now)
if [ -n "${HYPERMOCK_TARBALL:-}" ]; then
  cp "$HYPERMOCK_TARBALL" "$WORK/.pack/hypermock-api.tgz"
else
  echo "── packing hypermock-api"
  rm -f "$WORK/.pack"/*.tgz
  (cd "$ROOT" && npm pack --silent --pack-destination "$WORK/.pack" >/dev/null)
  mv "$WORK/.pack"/hypermock-api-*.tgz "$WORK/.pack/hypermock-api.tgz"
fi
pack_time=$(($(now) - start))
echo "── packed in $(seconds $pack_time) s: $(du -h "$WORK/.pack/hypermock-api.tgz" | cut -f1)"

declare -A times results
failed=0
for name in "${EXAMPLES[@]}"; do
  src="$ROOT/examples/$name"
  dest="$WORK/$name"
  [ -d "$src" ] || { echo "no example named $name (examples: ${ALL[*]})" >&2; exit 2; }
  echo "── $name"
  start=$(now)
  # A fresh copy of the sources; node_modules stays, except the package under test.
  mkdir -p "$dest"
  find "$dest" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  rm -rf "$dest/node_modules/hypermock-api"
  (cd "$src" && tar --exclude=node_modules --exclude=dist --exclude=dist-mock \
    --exclude=storybook-static --exclude=test-results -cf - .) | (cd "$dest" && tar -xf -)
  if (
    cd "$dest" &&
      npm install --no-audit --no-fund --prefer-offline --loglevel=error &&
      echo "npm scripts run $(npm exec --offline -c 'echo "node $(node --version) from $(command -v node)"')" &&
      SCREENSHOT_DIR="$ROOT/test-results/screenshots" npm test
  ); then
    results[$name]=passed
  else
    results[$name]=FAILED
    failed=1
  fi
  times[$name]=$(($(now) - start))
done

echo
echo "── examples (install + test, each):"
printf '   %-22s %8s\n' pack "$(seconds $pack_time) s"
for name in "${EXAMPLES[@]}"; do
  printf '   %-22s %8s  %s\n' "$name" "$(seconds "${times[$name]}") s" "${results[$name]}"
done
exit $failed
