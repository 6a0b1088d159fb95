// Package ctgrind marks memory secret or public for Valgrind's memcheck, so
// that a run under memcheck reports every branch, memory address or
// variable-time operand that depends on a secret: the "ctgrind" technique of
// A. Langley, used by BoringSSL's and mlkem-native's CI. Memcheck calls a
// byte "undefined" where this package says secret; it reports "Conditional
// jump or move depends on uninitialised value(s)" for a branch on it and "Use
// of uninitialised value" for an address computed from it.
//
// With the build tag valgrind on amd64 the functions issue memcheck's client
// requests (VALGRIND_MAKE_MEM_UNDEFINED, VALGRIND_MAKE_MEM_DEFINED) through
// a generated assembly function (asm/ctgrind); outside Valgrind those are
// no-ops. In every other build they do nothing and inline away, so the
// library may call [Declassify] at the points where FIPS 203 and FIPS 204
// make a secret-derived value public. cmd/ctgrind is the driver, run.sh
// the runner (make ct-valgrind); README.md says what is covered.
package ctgrind
