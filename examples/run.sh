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
# Longest first (their times in the last CI run), so that the two at a time end close together.
ALL=(storybook playwright react-router graphql vitest-react other-shapes jest vitest-msw2-node20 own-api node-script mcp)
EXAMPLES=("${@:-${ALL[@]}}")

# npm scripts put the repository's Node 24 first on PATH; the examples pick their own Node.
PATH="$(tr ':' '\n' <<<"$PATH" | grep -v "^$ROOT/node_modules/.bin\$" | paste -sd: -)"
export PATH
mkdir -p "$WORK/.pack" "$ROOT/test-results/screenshots"

# The examples' Playwright and Vitest browser configs launch CHROMIUM_PATH, else /usr/bin/chromium.
# Where Debian's headless shell is installed (CI installs it), they run on it: the same Chromium,
# built as the headless shell Playwright launches for headless runs, at less CPU time per page.
if [ -z "${CHROMIUM_PATH:-}" ] && [ -x /usr/bin/chromium-headless-shell ]; then
  export CHROMIUM_PATH=/usr/bin/chromium-headless-shell
fi

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

# Two examples at a time (HYPERMOCK_EXAMPLES_JOBS): an install mostly waits on the disk and npm's
# cache, and the examples that serve pages use ports of their own (4710 to 4712). Each one's
# output is kept and printed whole when it ends.
JOBS="${HYPERMOCK_EXAMPLES_JOBS:-2}"
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT

run_example() {
  local name=$1 src="$ROOT/examples/$1" dest="$WORK/$1" start
  start=$(now)
  # A fresh copy of the sources; node_modules stays, except the package under test.
  mkdir -p "$dest"
  find "$dest" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  rm -rf "$dest/node_modules/hypermock-api"
  (cd "$src" && tar --exclude=node_modules --exclude=dist --exclude=dist-mock \
    --exclude=storybook-static --exclude=test-results --exclude=build --exclude=.react-router -cf - .) | (cd "$dest" && tar -xf -)
  if (
    cd "$dest" &&
      npm install --no-audit --no-fund --prefer-offline --loglevel=error &&
      echo $(($(now) - start)) >"$LOGS/$name.install" &&
      echo "npm scripts run $(npm exec --offline -c 'echo "node $(node --version) from $(command -v node)"')" &&
      SCREENSHOT_DIR="$ROOT/test-results/screenshots" npm test
  ); then
    echo passed >"$LOGS/$name.result"
  else
    echo FAILED >"$LOGS/$name.result"
  fi
  echo $(($(now) - start)) >"$LOGS/$name.time"
}

for name in "${EXAMPLES[@]}"; do
  [ -d "$ROOT/examples/$name" ] || { echo "no example named $name (examples: ${ALL[*]})" >&2; exit 2; }
done
printed=0
print_finished() {
  # In the order given, each example's output once it has ended.
  while [ "$printed" -lt "${#EXAMPLES[@]}" ] && [ -f "$LOGS/${EXAMPLES[$printed]}.time" ]; do
    echo "── ${EXAMPLES[$printed]}"
    cat "$LOGS/${EXAMPLES[$printed]}.log"
    printed=$((printed + 1))
  done
}
for name in "${EXAMPLES[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
    wait -n || true
    print_finished
  done
  run_example "$name" >"$LOGS/$name.log" 2>&1 &
done
wait
print_finished

declare -A times results
failed=0
for name in "${EXAMPLES[@]}"; do
  times[$name]=$(cat "$LOGS/$name.time")
  results[$name]=$(cat "$LOGS/$name.result")
  [ "${results[$name]}" = passed ] || failed=1
done

echo
echo "── examples (install + test, each; $JOBS at a time; the install's share: copy and npm install):"
printf '   %-22s %8s\n' pack "$(seconds $pack_time) s"
for name in "${EXAMPLES[@]}"; do
  install=""
  [ -f "$LOGS/$name.install" ] && install="install $(seconds "$(cat "$LOGS/$name.install")") s"
  printf '   %-22s %8s  %-18s %s\n' "$name" "$(seconds "${times[$name]}") s" "$install" "${results[$name]}"
done
exit $failed
