// Package sample turns SHAKE streams into polynomials with the samplers of
// FIPS 203 (SampleNTT, SamplePolyCBD) and FIPS 204 (RejNTTPoly,
// RejBoundedPoly, SampleInBall, ExpandA, ExpandS, ExpandMask), and generic
// ones for any ring of package poly (Uniform, CenteredBinomial).
//
// Every function writes into caller-owned polynomials and allocates nothing.
// The samplers run SHAKE on the four- or nine-way Keccak-f[1600] of the
// module's Keccak mechanism (internal/keccak: AVX2 where the CPU has it,
// AVX-512 with eight states in zmm registers and a ninth in general-purpose
// registers where it has that too, a portable Go permutation otherwise);
// PRF, SampleInBall and the generic samplers use the standard library's
// crypto/sha3.
//
// # Output conventions
//
//	SampleNTT, SampleMatrix                        NTTPoly16, canonical [0, 3329), backend order
//	SamplePolyCBD, SampleNoise, SampleNoiseVector  Poly16, canonical [0, 3329)
//	RejNTTPoly, ExpandA                            NTTPoly32, canonical [0, 8380417), backend order
//	RejBoundedPoly, ExpandS                        Poly32, centred [−η, η]
//	SampleInBall                                   Poly32, {−1, 0, 1}, exactly τ nonzero
//	ExpandMask                                     Poly32, centred [−γ1+1, γ1]
//	Uniform, CenteredBinomial                      []field.ModN[M], canonical
//
// NTT-domain outputs are sampled in FIPS (bit-reversed) order and converted
// to the current ntt backend's order (ntt.FromSpecOrder16/32): sampling is
// where NTT-domain values enter from FIPS data, as encoding is where they
// leave (see ntt/order.go).
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
// Every sampler, and the fixed-length hashes SHA3-256, SHA3-512 and
// SHAKE-256, is a [Job]; [Run] computes a list of jobs four (or five) Keccak
// lanes at a time and gives a lane the next job as soon as its current one ends, so
// a long hash runs beside short samplers instead of costing a permutation
// of its own per block, and a list of one hash runs as a one-lane sponge.
// A job may wait for an earlier job of the list whose output is its input
// ([Job.After]): a seed derived by a hash, sampled from in the same batch.
// A [Sponge] is a hash whose input arrives in pieces computed from the
// outputs of earlier batches: [AbsorbJob] absorbs each piece in a lane of
// the next batch.
// The matrix and vector helpers (SampleMatrix, SampleNoiseVector, ExpandA,
// ExpandS, ExpandMask) are a Run over their polynomials.
package sample
