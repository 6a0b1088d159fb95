#!/usr/bin/env bash
# check-quotes.sh — every proof header quotes the Go code it models between
# `<<` and `>>` and names its files on a line `Go source: FILE...`. This
# script fails when a quoted line (signature, Bounds comment, statement) is no
# longer in those files: the Go code changed and the model must be re-read.
# Lines containing "..." mark elisions and are not checked.
set -euo pipefail
cd "$(dirname "$0")"
root=..
fail=0
for f in $(grep -l '^ *Go source: ' --include='*.v' -r . | LC_ALL=C sort); do
	srcs=$(grep -m1 -oE 'Go source: .*' "$f" | sed 's/^Go source: //')
	trimmed=$(mktemp)
	for s in $srcs; do
		if [ ! -f "$root/$s" ]; then
			echo "$f: Go source $s not found" >&2
			fail=1
			continue
		fi
		sed 's/^[[:space:]]*//; s/[[:space:]]*$//' "$root/$s" >>"$trimmed"
	done
	n=0
	while IFS= read -r line; do
		t=$(printf '%s' "$line" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		case $t in "" | *...*) continue ;; esac
		n=$((n + 1))
		if ! grep -Fxq -- "$t" "$trimmed"; then
			echo "$f: quoted Go line not found in $srcs:" >&2
			echo "    $t" >&2
			fail=1
		fi
	done < <(awk '/^<<$/ { on = 1; next } /^>>$/ { on = 0 } on' "$f")
	rm -f "$trimmed"
	echo "   $f: $n quoted lines match $srcs"
done
exit $fail
