// Package poly implements polynomials, vectors and matrices over
// R_q = Z_q[X]/(X^n+1), with distinct types for the coefficient and NTT
// domains, and the FIPS 203/204 encodings: ByteEncode/ByteDecode,
// SimpleBitPack/BitPack and Compress/Decompress.
//
// # Fixed-size rings (ML-KEM, ML-DSA)
//
// [Poly16] and [NTTPoly16] hold 256 int16 coefficients modulo q = 3329
// (FIPS 203); [Poly32] and [NTTPoly32] hold 256 int32 coefficients modulo
// q = 8380417 (FIPS 204). A polynomial enters the NTT domain with
// [Poly16.NTT] (in place, same memory, new type); products are taken only
// between NTT-domain values, and the exact-semantics products
// ([DotInverse16], [DotNTT16], [DotInverse32], [DotNTT32], [MulInverse32],
// [MatVecInverse16], …) hide the Montgomery factors of package ntt.
// Coefficients need not be reduced: every operation states the range it
// accepts and produces in one fixed form,
//
//	// Bounds: requires |a[i]| < q; ensures 0 ≤ r[i] < q.
//
// Vectors and matrices are caller-owned slices (row-major for matrices);
// nothing in this package allocates.
//
// # Encodings
//
// [ByteEncode] and [ByteDecode] implement FIPS 203 Algorithms 5 and 6 for
// d = 1..12; [EncodeNTT12] and [DecodeNTT12] are the d = 12 forms for keys,
// the decoder reporting non-canonical values (FIPS 203, Section 7.2).
// [CompressEncode] and [DecodeDecompress] fuse Compress_d/Decompress_d
// (equations 4.7, 4.8; multiply-and-shift, no division) with the byte
// encoding. [SimpleBitPack], [BitPack], [SimpleBitUnpack] and [BitUnpack]
// implement FIPS 204 Algorithms 16–19; the unpackers report values outside
// the range when it is not a power of two. No branch, memory index or
// division depends on a coefficient.
//
// # Generic rings
//
// [Ring] serves any modulus field.Modulus and any spec ntt.Spec (for
// example q = 12289, n = 1024) with typed [Poly] and [NTTPoly] slices of
// field.ModN coefficients.
package poly
