#!/usr/bin/env bash
# plant.sh — shows that run.sh catches planted leaks: applies each patch in
# plants/ to a temporary copy of the working tree, runs run.sh there (the
# default tags only, to keep it short) and expects it to fail with a
# SECRET-DEPENDENT report naming the planted line (the line marked
# "PLANTED LEAK" in the patched file). Prints the first lines of each
# report. Exits 1 if any plant goes unreported.
#
# Usage: internal/ctgrind/plant.sh [plants/X.patch ...]   (default: all)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
patches=("$@")
if [ "${#patches[@]}" -eq 0 ]; then patches=("$here"/plants/*.patch); fi

status=0
for patch in "${patches[@]}"; do
	patch="$(cd "$(dirname "$patch")" && pwd)/$(basename "$patch")"
	tmp="$(mktemp -d)"
	(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -cf - -T -) | tar -xf - -C "$tmp"
	(cd "$tmp" && patch -s -p1 <"$patch")
	# The planted line: file and line number of the PLANTED LEAK comment.
	where="$(cd "$tmp" && grep -rn --include='*.go' 'PLANTED LEAK' . | head -n 1 | cut -d: -f1,2)"
	file="$(basename "${where%%:*}")"
	line="${where##*:}"
	echo "== $(basename "$patch"): planted at ${where#./}"
	out="$tmp/out"
	if (cd "$tmp" && bash internal/ctgrind/run.sh valgrind) >"$out" 2>&1; then
		echo "FAIL: run.sh passed with the leak planted"
		status=1
	elif grep -A3 '^SECRET-DEPENDENT' "$out" | grep -q "($file:$line)"; then
		echo "caught: run.sh failed; first report:"
		grep -m1 -A4 '^SECRET-DEPENDENT' "$out" | sed 's/^/    /'
		grep '^ctgrind: [0-9]* secret-dependent' "$out" | sed 's/^/    /'
	else
		echo "FAIL: run.sh failed, but no report names $file:$line:"
		grep -E '^(SECRET-DEPENDENT|UNSUPPRESSED|FAIL|ctgrind: [0-9])' "$out" | head -n 20 | sed 's/^/    /'
		status=1
	fi
	rm -rf "$tmp"
done
exit "$status"
