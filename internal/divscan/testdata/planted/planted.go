// Package planted holds a KyberSlash-style bug for the divscan test: a
// division whose dividend is secret. The scan must report it.
package planted

// Compress divides a secret coefficient by a modulus that the compiler
// cannot see as a constant, so it emits a DIV instruction.
func Compress(secret, q uint32) uint32 {
	return ((secret << 1) + q/2) / q & 1
}

// CompressConst divides by the constant 3329, which the compiler turns into
// a multiply and shift: no division instruction, nothing to report.
func CompressConst(secret uint32) uint32 {
	return ((secret << 1) + 3329/2) / 3329 & 1
}
