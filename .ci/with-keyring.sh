#!/usr/bin/env bash
# usage: .ci/with-keyring.sh <command...>
# Runs a command with a fresh, unlocked Secret Service (gnome-keyring) on a private D-Bus session.
# Everything lives in a temp dir: nothing is written to ~, and the daemon ends with the bus.
set -euo pipefail
KR_TMP="$(mktemp -d)"; trap 'rm -rf "$KR_TMP"' EXIT
mkdir -p "$KR_TMP/data" "$KR_TMP/run"; chmod 700 "$KR_TMP/run"
export XDG_DATA_HOME="$KR_TMP/data"    # login.keyring lives here, never in ~
export XDG_RUNTIME_DIR="$KR_TMP/run"
unset DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
dbus-run-session -- bash -c '
  set -euo pipefail
  # --unlock on a fresh data dir creates the login collection and unlocks it without a prompt.
  eval "$(printf %s "ci-keyring-pass" | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  "$@"
' bash "$@"
