#!/usr/bin/env bash
# check.sh — machine-check every proof in proofs/ (run from anywhere:
# `bash proofs/check.sh`; the Makefile's `make proofs` runs it).
#
# 1. Installs Coq from Debian (`apt-get install -y coq`) when coqc is missing.
# 2. Refuses any escape hatch: Admitted, admit, Axiom, Parameter, Conjecture,
#    Hypothesis/Variable at top level (the proofs use only Coq's standard
#    library, and that must be visible in the sources).
# 3. Regenerates zetas16/GoConstants.v and zetas32/GoConstants.v from the
#    Go tables (gen-constants.sh), then compiles every .v file in dependency
#    order (coqdep -sort).
# 4. Checks that every Go line quoted in a proof header (signature, Bounds
#    comment, statements) is still in the Go file it names (check-quotes.sh).
# 5. Prints `Print Assumptions` for every theorem preceded by the comment
#    (* main *); each must answer "Closed under the global context".
set -euo pipefail

cd "$(dirname "$0")"

bash ../scripts/require.sh coqc coq
echo "== $(coqc --version | head -n 1)"

echo "== transcribing the NTT constants from the Go source"
bash ./gen-constants.sh

echo "== checking that the Go code quoted in each proof header is still in the Go source"
if ! bash ./check-quotes.sh; then
	echo "FAIL: the Go code changed under a proof; re-read it and update the model" >&2
	exit 1
fi

mapfile -t files < <(find . -name '*.v' -not -path './_build/*' | sed 's|^\./||' | LC_ALL=C sort)
if [ "${#files[@]}" -eq 0 ]; then
	echo "no .v files found" >&2
	exit 1
fi

echo "== scanning for Admitted/admit/Axiom/Parameter/Conjecture"
# Comments may mention the words; strip (* ... *) comments before grepping.
bad=0
for f in "${files[@]}"; do
	if perl -0777 -pe '1 while s/\(\*(?:(?!\(\*|\*\)).)*\*\)//gs' "$f" |
		grep -nwE 'Admitted|admit|Axiom|Axioms|Parameter|Parameters|Conjecture|Hypothesis|Hypotheses|Variable|Variables' >/tmp/proofs-bad.$$ 2>/dev/null; then
		sed "s|^|$f:|" /tmp/proofs-bad.$$ >&2
		bad=1
	fi
done
rm -f /tmp/proofs-bad.$$
if [ "$bad" -ne 0 ]; then
	echo "FAIL: escape hatches found (line numbers are after comment removal)" >&2
	exit 1
fi

echo "== compiling ${#files[@]} files"
start=$(date +%s)
mapfile -t order < <(coqdep -Q . Moduletto -sort "${files[@]}" | tr ' ' '\n' | sed '/^$/d' | sed 's|\.vo$|.v|')
for f in "${order[@]}"; do
	t0=$(date +%s)
	coqc -q -Q . Moduletto "$f"
	echo "   ok  $f ($(($(date +%s) - t0)) s)"
done

echo "== Print Assumptions of the main theorems"
# A theorem is "main" when the line before it is the comment (* main *).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total=0
{
	echo 'From Coq Require Import ZArith.'
	for f in "${files[@]}"; do
		mod="Moduletto.$(echo "${f%.v}" | tr '/' '.')"
		thms=$(awk 'prev ~ /^\(\* main \*\)$/ { sub(/^(Theorem|Lemma|Corollary) /, ""); sub(/[ :].*/, ""); print } { prev = $0 }' "$f")
		[ -n "$thms" ] || continue
		echo "Require $mod."
		for t in $thms; do
			echo "Goal True. idtac \"$mod.$t:\". Abort."
			echo "Print Assumptions $mod.$t."
		done
	done
} >"$tmp/Assumptions.v"
total=$(grep -c '^Print Assumptions' "$tmp/Assumptions.v" || true)
coqc -q -Q . Moduletto "$tmp/Assumptions.v" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; exit 1; }
sed 's/^/   /' "$tmp/out"
closed=$(grep -c '^Closed under the global context' "$tmp/out" || true)
if [ "$total" -eq 0 ] || [ "$closed" -ne "$total" ]; then
	echo "FAIL: $((total - closed)) of $total main theorems depend on axioms" >&2
	exit 1
fi
echo "== all $total main theorems closed under the global context ($(($(date +%s) - start)) s in total)"
