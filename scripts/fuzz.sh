#!/usr/bin/env bash
# fuzz.sh — runs every fuzz target of the main module and of compare/, one
# after the other, each for its budget; the first failure stops it. The
# Makefile's fuzz target calls it and documents the budgets. Settings, from
# the environment:
#   GO            the go command (the Makefile sets GOTOOLCHAIN to Go 1.27)
#   FUZZTIME      budget of a target not in FUZZLONG (a duration or Nx)
#   FUZZLONGTIME  budget of the targets listed in FUZZLONG
#   FUZZMINIMIZE  -fuzzminimizetime of every target
#   FUZZRUN       regexp selecting targets by name
#   FUZZPARALLEL  number of fuzzing workers (empty: GOMAXPROCS)
#
# Each package with a fuzz target is built once, with the fuzzing
# instrumentation (go test -c -fuzz), and its binary runs each of its
# targets from the package directory (for testdata/fuzz) with the cache
# corpus where go test -fuzz keeps it, $GOCACHE/fuzz/IMPORTPATH/TARGET.
# Building once per package instead of once per target (as go test -fuzz
# does) keeps make fuzz-short, which runs inside make test, short.
set -euo pipefail
GO="${GO:-go}"
root="$(cd "$(dirname "$0")/.." && pwd)"
bindir="$(mktemp -d)"
trap 'rm -rf "$bindir"' EXIT
cache="$("$GO" env GOCACHE)/fuzz"
parallel=()
if [ -n "${FUZZPARALLEL:-}" ]; then parallel=(-test.parallel="$FUZZPARALLEL"); fi

for mod in . compare; do
	cd "$root/$mod"
	"$GO" list -f '{{.ImportPath}} {{.Dir}}' ./... | while read -r pkg dir; do
		# A package is built only if one of its test files declares a
		# fuzz target; -test.list then says which this build has.
		grep -qs '^func Fuzz' "$dir"/*_test.go || continue
		bin="$bindir/$(echo "$pkg" | tr / _).test"
		"$GO" test -c -fuzz=. -o "$bin" "$pkg"
		targets="$(cd "$dir" && "$bin" -test.list '^Fuzz')"
		for f in $(echo "$targets" | grep -E -- "${FUZZRUN:-.}" || true); do
			t="$FUZZTIME"
			case " ${FUZZLONG:-} " in *" $f "*) t="$FUZZLONGTIME" ;; esac
			echo "== $pkg $f ($t)"
			(cd "$dir" && "$bin" -test.run='^$' -test.fuzz="^$f\$" -test.fuzztime="$t" \
				-test.fuzzminimizetime="$FUZZMINIMIZE" -test.fuzzcachedir="$cache/$pkg" \
				"${parallel[@]}") || { echo "FAIL: $pkg $f"; exit 1; }
		done
	done
done
