#!/usr/bin/env bash
# make package-check (after make dist): what a clean machine gets from Parley's packaging (issue 20).
#
#   1. the wheel of this checkout (built with build isolation, setuptools from PyPI; the build must
#      print no deprecation warning) `pipx install`ed into a throwaway PIPX_HOME/PIPX_BIN_DIR, and
#      `pipx install .` from the source folder too; pipx itself comes from PyPI into
#      build/venv-tools when there is none on PATH;
#   2. `parley --version`, then the window started under its own Xvfb until it maps a window
#      titled Parley that carries the icon (_NET_WM_ICON) and the class Parley, then SIGTERM: the
#      app closes as from its close button and exits 143 (128 + SIGTERM), with no traceback;
#   3. the same for dist/parley/parley (make dist's bundle);
#   4. `parley desktop install` from the bundle into a throwaway XDG_DATA_HOME: the entry's Exec is
#      the bundle, the icons are there, desktop-file-validate and appstreamcli validate pass (each
#      skipped with one line when not installed); `desktop uninstall` leaves the folder empty.
# Everything runs in a temporary folder (removed at the end); nothing is installed for the user.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
BIN=.venv/bin
tmp=$(mktemp -d)
xvfb_pid=""
cleanup() {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
say() { printf '== %s\n' "$*"; }
fail() { printf 'package-check FAILED: %s\n' "$*" >&2; exit 1; }

for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || fail "$tool is needed (apt-get install xvfb xdotool)"
done

say "wheel (build isolation: setuptools from PyPI)"
# setuptools copies build/lib into every wheel it builds here: a module deleted since would return
rm -rf build/lib build/bdist.*
"$BIN/python" -m pip wheel -v --no-deps --wheel-dir "$tmp/wheel" . >"$tmp/wheel.log" 2>&1 \
  || { cat "$tmp/wheel.log"; fail "the wheel did not build"; }
if grep -qi "deprecat" "$tmp/wheel.log"; then
  grep -i -B2 -A2 "deprecat" "$tmp/wheel.log"; fail "building the wheel printed a deprecation warning"
fi
wheel=$(ls "$tmp"/wheel/*.whl)
echo "$(basename "$wheel"): no deprecation warning"

pipx=$(command -v pipx || true)
if [ -z "$pipx" ]; then
  test -x build/venv-tools/bin/pipx || {
    "$PYTHON" -m venv build/venv-tools && build/venv-tools/bin/python -m pip install --quiet pipx
  }
  pipx=build/venv-tools/bin/pipx
fi

# The window: start "$@" under Xvfb, wait for a mapped window titled Parley, check its icon and
# class, stop it with SIGTERM and expect exit 143 without a traceback.
start_check() {
  local label=$1; shift
  local home="$tmp/home-$label"
  mkdir -p "$home"
  local started=$SECONDS
  env -i PATH="/usr/bin:/bin" HOME="$home" DISPLAY=":$display" QT_QPA_PLATFORM=xcb \
    LANG=C.UTF-8 XDG_RUNTIME_DIR="$home" PYTHON_KEYRING_BACKEND=keyring.backends.null.Keyring \
    "$@" --data-dir "$home/data" --config-dir "$home/config" >"$tmp/$label.log" 2>&1 &
  local pid=$! wid=""
  for _ in $(seq 1 120); do
    wid=$(DISPLAY=":$display" xdotool search --onlyvisible --name '^Parley$' 2>/dev/null | head -1 || true)
    [ -n "$wid" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/$label.log"; fail "$label: the app exited before its window"; }
    sleep 0.5
  done
  [ -n "$wid" ] || { kill "$pid" 2>/dev/null || true; cat "$tmp/$label.log"; fail "$label: no window titled Parley in 60 s"; }
  echo "$label: window $wid titled Parley mapped after $((SECONDS - started)) s"
  if command -v xprop >/dev/null; then
    # (to files, not pipes: grep -q leaving early would kill xprop mid-icon, and pipefail fails)
    DISPLAY=":$display" xprop -id "$wid" WM_CLASS _NET_WM_ICON >"$tmp/$label.xprop"
    grep -q '^WM_CLASS.*"Parley"' "$tmp/$label.xprop" \
      || fail "$label: WM_CLASS is not Parley: $(grep WM_CLASS "$tmp/$label.xprop")"
    grep -q "Icon (16 x 16)" "$tmp/$label.xprop" || fail "$label: the window has no 16 px icon"
    echo "$label: WM_CLASS Parley, window icon set"
  else
    echo "$label: xprop not installed (x11-utils): window class and icon not checked"
  fi
  sleep 3  # the services attach after the first paint: a profile that cannot open says so
  if DISPLAY=":$display" xdotool search --name 'cannot start' >/dev/null 2>&1; then
    kill "$pid" 2>/dev/null || true; fail "$label: the window says Parley cannot start (a module missing from the install?)"
  fi
  DISPLAY=":$display" xdotool search --onlyvisible --name '^Parley$' >/dev/null 2>&1 \
    || { kill "$pid" 2>/dev/null || true; cat "$tmp/$label.log"; fail "$label: the window went away"; }
  kill -TERM "$pid"
  local code=0
  wait "$pid" || code=$?
  [ "$code" = 143 ] || { cat "$tmp/$label.log"; fail "$label: exit $code after SIGTERM (want 143)"; }
  if grep -q "Traceback" "$tmp/$label.log"; then cat "$tmp/$label.log"; fail "$label: a traceback"; fi
  echo "$label: closed on SIGTERM, exit 143, no traceback"
}

exec 3>"$tmp/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
xvfb_pid=$!
exec 3>&-
for _ in $(seq 1 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
display=$(head -1 "$tmp/display")
[ -n "$display" ] || fail "Xvfb did not start: $(cat "$tmp/xvfb.log")"

for source in wheel checkout; do
  say "pipx install ($source)"
  pipx_home="$tmp/pipx-$source"
  rm -rf build/lib build/bdist.*
  target=$([ "$source" = wheel ] && echo "$wheel" || echo "$PWD")
  PIPX_HOME="$pipx_home" PIPX_BIN_DIR="$pipx_home/bin" PIPX_MAN_DIR="$pipx_home/man" \
    "$pipx" install --quiet "$target" >"$tmp/pipx-$source.log" 2>&1 \
    || { cat "$tmp/pipx-$source.log"; fail "pipx install $source"; }
  if grep -qi "deprecat" "$tmp/pipx-$source.log"; then
    cat "$tmp/pipx-$source.log"; fail "pipx install $source printed a deprecation warning"
  fi
  version=$("$pipx_home/bin/parley" --version)
  echo "pipx ($source): $version"
  start_check "pipx-$source" "$pipx_home/bin/parley"
done

say "bundle (dist/parley)"
test -x dist/parley/parley || fail "no dist/parley/parley: run make dist"
echo "bundle: $(dist/parley/parley --version), $(du -sh dist/parley | cut -f1)"
start_check bundle "$PWD/dist/parley/parley"

say "desktop entry (from the bundle, into a throwaway XDG_DATA_HOME)"
data="$tmp/xdg-data"
XDG_DATA_HOME="$data" dist/parley/parley desktop install >"$tmp/desktop.out"
entry="$data/applications/org.parley.Parley.desktop"
grep -qx "Exec=$PWD/dist/parley/parley" "$entry" || fail "Exec is not the bundle: $(grep Exec= "$entry")"
for n in 16 24 32 48 64 128 256 512; do
  test -s "$data/icons/hicolor/${n}x${n}/apps/org.parley.Parley.png" || fail "no ${n}px icon"
done
test -s "$data/icons/hicolor/scalable/apps/org.parley.Parley.svg" || fail "no scalable icon"
echo "installed $(wc -l <"$tmp/desktop.out") files; Exec=$PWD/dist/parley/parley"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" && echo "desktop-file-validate: valid"
else
  echo "desktop-file-validate not installed (desktop-file-utils): skipped"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$data/metainfo/org.parley.Parley.metainfo.xml" >/dev/null \
    && echo "appstreamcli validate: valid"
else
  echo "appstreamcli not installed (appstream): skipped"
fi
XDG_DATA_HOME="$data" dist/parley/parley desktop uninstall >/dev/null
left=$(find "$data" -mindepth 1 -print -quit)
[ -z "$left" ] || fail "desktop uninstall left: $left"
echo "desktop uninstall: nothing left"
say "package-check passed"
