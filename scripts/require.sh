#!/usr/bin/env bash
# require.sh COMMAND PACKAGE [WHY] — makes sure COMMAND is on PATH,
# installing the Debian package PACKAGE with apt-get if it is not (as root,
# or with sudo). WHY, if given, says in the log what needs it. The test
# targets that need a tool outside Go (coq, valgrind, qemu-user-static,
# nodejs) call it, so that a fresh machine needs no step by hand.
set -euo pipefail
cmd="$1" pkg="$2" why="${3:-}"
if command -v "$cmd" >/dev/null 2>&1; then
	exit 0
fi
echo "== $cmd not found: installing Debian's $pkg${why:+ ($why)}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO apt-get install -y "$pkg"
