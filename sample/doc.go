// Package sample turns SHAKE streams into polynomials with the samplers of
// FIPS 203 (SampleNTT, SamplePolyCBD) and FIPS 204 (RejNTTPoly,
// RejBoundedPoly, SampleInBall, ExpandA, ExpandS, ExpandMask).
//
// Every function writes into caller-owned polynomials and allocates nothing;
// SHAKE comes from the standard library's crypto/sha3.
//
// # Output conventions
//
//	SampleNTT, SampleMatrix                        NTTPoly16, canonical [0, 3329), FIPS order
//	SamplePolyCBD, SampleNoise, SampleNoiseVector  Poly16, canonical [0, 3329)
//	RejNTTPoly, ExpandA                            NTTPoly32, canonical [0, 8380417), FIPS order
//	RejBoundedPoly, ExpandS                        Poly32, centred [−η, η]
//	SampleInBall                                   Poly32, {−1, 0, 1}, exactly τ nonzero
//	ExpandMask                                     Poly32, centred [−γ1+1, γ1]
//
// NTT-domain outputs are in the FIPS (bit-reversed) order, which is the order
// of the current ntt backends; a backend with its own order would convert at
// this boundary.
//
// # Timing
//
// SampleNTT and RejNTTPoly branch on their SHAKE output: the seed ρ is
// public and FIPS 203/204 expect rejection sampling. SamplePolyCBD and
// ExpandMask are constant time in their (secret) input. RejBoundedPoly and
// SampleInBall read a data-dependent number of bytes from a secret-derived
// stream, which FIPS 204 accepts; their values, and SampleInBall's placement
// of ±1, are computed without secret-dependent branches or memory indices.
//
// # Batching
//
// Matrix and vector helpers (SampleMatrix, SampleNoiseVector, ExpandA,
// ExpandS, ExpandMask) draw their polynomials four at a time. All XOF work
// of the package except SampleInBall goes through one type, shakeX4, which
// is where a four-way Keccak-f[1600] (AVX2) replaces the sequential one.
package sample
