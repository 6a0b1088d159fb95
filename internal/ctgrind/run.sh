#!/usr/bin/env bash
# run.sh — constant-time evidence by secret tainting under Valgrind's
# memcheck (see README.md). Builds cmd/ctgrind with -tags valgrind and with
# -tags purego,valgrind, runs each under memcheck with go-runtime.supp, and
# fails on any definedness report ("Conditional jump or move depends on
# uninitialised value(s)", "Use of uninitialised value") — a branch,
# address or variable-time operand that depends on a secret — printing
# its stack. `make ct-valgrind` runs it. Installs Debian's valgrind with
# apt-get when it is missing, as proofs/check.sh does for coq.
#
# Usage: internal/ctgrind/run.sh [tags ...]   (default: valgrind purego,valgrind)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
GO="${GO:-go}"

if [ "$("$GO" env GOARCH)" != amd64 ] || [ "$("$GO" env GOOS)" != linux ]; then
	echo "SKIP ct-valgrind: the client requests are amd64 code and run.sh targets Linux"
	exit 0
fi

bash "$root/scripts/require.sh" valgrind valgrind
echo "== $(valgrind --version)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

tagsets=("$@")
if [ "${#tagsets[@]}" -eq 0 ]; then tagsets=(valgrind purego,valgrind); fi

# memcheck runs the driver bin under memcheck, logging to log, prints every
# unsuppressed report, and fails if there is one.
memcheck() {
	local tags="$1" bin="$2" log="$3" rc=0 ok=0
	echo "== valgrind --tool=memcheck ($tags)"
	# One P, no asynchronous preemption and no garbage collection (the
	# driver allocates a few MiB): fewer runtime reports to suppress
	# (signals, thread switches, GC scans and stack shrinking, which once
	# produced definedness reports in allocation sites of our frames in a
	# run with GC on), the same code in moduletto.
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=memcheck \
		--error-exitcode=1 --track-origins=yes --error-limit=no \
		--num-callers=30 --suppressions="$here/go-runtime.supp" \
		--log-file="$log" "$bin" -require-valgrind || rc=$?
	# Every unsuppressed report is printed; definedness reports in our code
	# are the failures this check exists for, any other report fails too
	# (a gap in go-runtime.supp to look at).
	if ! python3 - "$log" <<'PY'
import re, sys
blocks, cur = [], None
for line in open(sys.argv[1]):
    m = re.match(r'==\d+== ?(.*)', line.rstrip('\n'))
    if not m:
        continue
    text = m.group(1)
    if text == '':
        if cur:
            blocks.append(cur)
        cur = None
        continue
    if cur is None or not text.startswith(' '):
        # A report or a warning starts unindented; its frames are indented.
        if cur:
            blocks.append(cur)
        cur = [text]
    else:
        cur.append(text)
if cur:
    blocks.append(cur)
leaks = other = 0
for b in blocks:
    if not any(l.lstrip().startswith(('at 0x', 'by 0x')) for l in b):
        continue  # a banner or summary, not a report
    ours = any('github.com/moduletto/moduletto/' in l for l in b)
    secret = re.match(r'(Conditional jump or move depends on uninitialised|Use of uninitialised value)', b[0])
    if secret and ours:
        leaks += 1
        print('SECRET-DEPENDENT: ' + '\n    '.join(b), file=sys.stderr)
    else:
        other += 1
        print('UNSUPPRESSED: ' + '\n    '.join(b), file=sys.stderr)
print('ctgrind: %d secret-dependent report(s) in moduletto, %d other' % (leaks, other))
sys.exit(1 if leaks or other else 0)
PY
	then
		ok=1
	fi
	grep -E '^==[0-9]+== ERROR SUMMARY' "$log" | sed 's/^==[0-9]*== /    /' || true
	if [ "$rc" -ne 0 ]; then
		echo "FAIL ($tags): valgrind exited with $rc"
		ok=1
	fi
	return "$ok"
}

status=0
for tags in "${tagsets[@]}"; do
	bin="$tmp/ctgrind-${tags//,/-}"
	log="$bin.log"
	echo "== go build -tags $tags ./cmd/ctgrind"
	# DWARF 4: Valgrind 3.19 cannot read Go's default DWARF 5 (it then
	# loses the inlined frames that name the line of a report).
	GOEXPERIMENT=nodwarf5 "$GO" build -tags "$tags" -o "$bin" ./cmd/ctgrind
	# A report caused by a secret recurs in every run (fixed inputs, the
	# same code path); Go's young Valgrind support has shown a spurious run
	# about once in eight (definedness reports at allocation sites of our
	# frames, none in the next run), so a failed run is repeated once and
	# the check fails only if the second run fails too.
	if ! memcheck "$tags" "$bin" "$log"; then
		echo "== $tags: the first run reported errors (above); running again"
		if memcheck "$tags" "$bin" "$log.2"; then
			echo "== $tags: WARNING: the second run is clean, so the first run's reports were not reproducible (see README.md, Flakiness)"
		else
			status=1
		fi
	fi
done
if [ "$status" -eq 0 ]; then echo "== ct-valgrind: no secret-dependent branch or address"; fi
exit "$status"
