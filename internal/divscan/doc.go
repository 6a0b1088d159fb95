// Package divscan finds division instructions in compiled Go code.
//
// Integer division (x86 DIV/IDIV, arm64 UDIV/SDIV) takes a time that depends
// on its operands on most CPUs, so a division whose operand is secret leaks
// it through timing (the KyberSlash class of bug). The test of this package
// compiles the library packages, disassembles them with `go tool objdump`
// and fails if a function outside an explicit allow-list of functions that
// divide public values only contains a division instruction. Assembly files
// are scanned as source (see [ParseAsm]).
//
// The scan works on machine code, so it also sees divisions that inlining
// moved into a caller. Go compiles a division by a constant into a multiply
// and shift, which is not flagged (and is constant time).
package divscan
