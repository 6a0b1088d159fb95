// Package ntt implements number-theoretic transforms over Z_q[X]/(X^n+1).
//
// # Generic engine
//
// [NewEngine] builds an [Engine] from a [Spec] {Q, N, Layers, Zeta} for any
// prime q < 2^31 and power-of-two n in [16, 4096] with q ≡ 1 mod
// 2^(Layers+1): complete transforms (pointwise products, FIPS 204) and
// incomplete ones with a base case of degree N/2^Layers (FIPS 203: q = 3329,
// n = 256, 7 layers, degree 2). Values are canonical uint32 in [0, q), the
// NTT domain is in FIPS (bit-reversed) order, and nothing is allocated
// after construction.
//
// # Fixed-size engines
//
// Two engines serve the standards on [256] arrays, following the Montgomery
// convention of docs/HACKING.md (Forward = NTT, MulMont = a∘b·R⁻¹,
// InverseMont = NTT⁻¹·R, ToMont = ·R):
//
//   - int16 lanes, q = 3329, R = 2^16 (ML-KEM): [Forward16], [InverseMont16],
//     [MulMont16], [MulAccMont16], [DotMont16], [Dot16] (= DotMont16, then
//     ToMont16), [Reduce16], [ToMont16];
//   - int32 lanes, q = 8380417, R = 2^32 (ML-DSA): [Forward32],
//     [InverseMont32], [MulMont32], [MulAccMont32], [DotMont32],
//     [MulInverseMont32], [Reduce32], [ToMont32], [CAddQ32], [Freeze32].
//
// Each function states its bounds; they chain as follows.
//
//	int16: |p| ≤ 2^14 ─Forward16→ [0, q) ─MulMont16→ |c| ≤ 2002
//	       ─MulAccMont16 ×(k−1), k ≤ 8→ |c| ≤ 2002·k < 2^14 ─InverseMont16→ |p| < q
//	int32: |p| < q ─Forward32→ |p| < 7q ─MulMont32→ |c| < q
//	       ─MulAccMont32 ×(k−1)→ |c| < k·q ─Reduce32→ |c| < 2^23 ─InverseMont32→ |p| < q
//
// The functions dispatch to a backend chosen by the module's one kernel
// switch, internal/cpu, read once per call (a switch with direct calls, so a
// caller's stack array does not escape). The backends are "avx2" (the
// generated AVX2 assembly, the default on x86-64 CPUs with AVX2, BMI1 and
// BMI2, absent with the purego tag; on CPUs with AVX-512BW its NTTs and dot
// products run zmm forms of the same kernels, with identical results),
// "scalar" (specialised Go, the default
// elsewhere) and "generic" (the generic [Engine] behind the same contract, in
// a deliberately scrambled NTT-domain order, for cross-checking). The
// NTT-domain order belongs to the backend: code above ntt converts with
// [FromSpecOrder16], [ToSpecOrder16], [FromSpecOrder32] and [ToSpecOrder32]
// where NTT-domain values are FIPS data. Package ntttest runs a test once per
// set of kernels, switching ntt, poly and the schemes together.
package ntt
