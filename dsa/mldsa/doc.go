// Package mldsa implements ML-DSA, the module-lattice digital signature
// algorithm of FIPS 204, for the parameter sets ML-DSA-44, ML-DSA-65 and
// ML-DSA-87 (NIST security categories 2, 3 and 5). As the standard library
// advises, most applications should use ML-DSA-44.
//
// Every identifier of the standard library's crypto/mldsa (Go 1.27) exists
// here with the same signature and behaviour, so that code can switch by
// changing the import path: [MLDSA44], [MLDSA65], [MLDSA87], [GenerateKey],
// [NewPrivateKey] (from the 32-byte seed ξ), [NewPublicKey],
// [PrivateKey.Sign] with [Options] carrying the context string, [Verify],
// and the size constants. As there, a hash in SignerOpts is an error, and,
// built with Go 1.27, crypto.MLDSAMu signs a precomputed μ. [PrivateKey]
// implements [crypto.Signer] and [crypto.MessageSigner].
//
// Beyond it the package offers:
//
//   - deterministic signing ([PrivateKey.SignDeterministic]; rnd = 0^32);
//   - external μ: [ComputeMu] computes the 64-byte message representative
//     from the public key, message and context wherever the message is, and
//     [SignExternalMu] / [VerifyExternalMu] sign and verify it (RFC 9881);
//   - the FIPS 204 expanded private key (skEncode; 2560, 4032 or 4896
//     bytes) for exchange with implementations that need it:
//     [PrivateKey.ExpandedBytes],
//     [NewPrivateKeyFromExpanded] (which checks the whole key) and
//     [NewPrivateKeyFromSeedAndExpanded] (which checks the two forms agree);
//   - HashML-DSA (FIPS 204, Section 5.4) over the twelve approved pre-hashes:
//     [SignHash], [VerifyHash], and digests through [crypto.Signer];
//   - [PrivateKey.SignTo], which writes into a caller buffer and allocates
//     nothing, as does [Verify] with a parsed [PublicKey];
//   - [SignInternal] and [VerifyInternal] (FIPS 204, Algorithms 7 and 8 on a
//     formatted M′) for known-answer tests;
//   - with Go 1.27, [PrivateKey.StandardSigner], a signer that Go 1.27's
//     crypto/x509 and crypto/tls accept (they require a
//     *crypto/mldsa.PublicKey from Public);
//   - registration as "ML-DSA-44", "ML-DSA-65" and "ML-DSA-87" in the
//     scheme-agnostic package dsa.
//
// # Implementation
//
// One implementation serves every FIPS 204 parameter set: sizes come from a
// parameter value and the per-key and per-signature arrays are sized for the
// largest set (ML-DSA-87). The ring arithmetic, NTT, samplers and bit
// packing come from the packages poly, ntt and sample; this package holds
// what is specific to ML-DSA: the rounding functions of FIPS 204, Section
// 7.4 (Power2Round, Decompose, HighBits, LowBits, MakeHint, UseHint), the
// hint encoding, the key and signature encodings and Algorithms 1–8.
//
// Key generation and signing do not branch on, index memory by, or divide
// secret data. The rounding functions divide by 2γ2 with a fixed-point
// reciprocal and apply the special cases of the standard with masks. The
// exceptions are the ones FIPS 204 allows: the signing loop's decision to
// reject a candidate, and the rejection sampling inside ExpandS and
// SampleInBall, whose SHAKE output length depends on the stream.
// Verification works on public data only.
//
// Malformed input never panics: keys, signatures and contexts of the wrong
// length, non-canonical hint encodings and expanded keys with out-of-range
// or inconsistent parts are reported as errors.
package mldsa
