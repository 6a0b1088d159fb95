// Package params holds the constants of the standard moduli and NTTs
// (FIPS 203 ML-KEM, FIPS 204 ML-DSA). It imports nothing, so code generators
// in asm/ can use it.
package params
