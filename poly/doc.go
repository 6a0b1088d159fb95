// Package poly implements polynomials, vectors and matrices over
// R_q = Z_q[X]/(X^n+1), with distinct types for the coefficient and NTT
// domains, and the FIPS 203/204 encodings: ByteEncode/ByteDecode,
// SimpleBitPack/BitPack and Compress/Decompress.
package poly
