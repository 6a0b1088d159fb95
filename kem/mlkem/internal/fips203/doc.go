// Package fips203 implements ML-KEM (FIPS 203) once, for every parameter
// set: K-PKE (Algorithms 13–15) and the internal ML-KEM algorithms
// (Algorithms 16–18) with their randomness passed in explicitly, the key
// checks of Sections 7.2 and 7.3, and the key types that package
// kem/mlkem wraps per size.
//
// It is a thin consumer of the core packages: ntt (transforms), poly
// (arithmetic, encodings, compression) and sample (SampleNTT,
// SamplePolyCBD). Arrays are sized for the largest set (k = 4); a
// [Params] value selects how much of them is used.
package fips203
