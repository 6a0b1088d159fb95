// Package ring implements the polynomial rings of NTRU-style schemes,
// R_q = Z_q[x]/(x^p − x − 1) for a prime p ≤ 1024 and a small prime q
// (3 ≤ q < 2^15) that need not be NTT-friendly: Streamlined NTRU Prime
// uses q = 4591, p = 761 and, for its small polynomials, q = 3.
//
// Package poly serves the power-of-two cyclotomic rings Z_q[X]/(X^n+1) over
// NTT-friendly primes; this package serves the others, with
//
//   - products [Ring.Mul] (big × big) and [Ring.MulSmall] (big × small),
//     computed exactly in Z[x] by the 256-point NTTs of package ntt over
//     auxiliary primes (8380417 and, when a product needs more room, also
//     3329, joined by the Chinese remainder theorem), then reduced modulo
//     x^p − x − 1 and q; they run on the AVX2 or the portable kernels of
//     package ntt, whichever the module's kernel switch selects, and with
//     AVX2 the passes around the transforms (the centring of each
//     auxiliary-prime result, the CRT, the folding modulo x^p − x − 1 and
//     the Barrett reduction modulo q) run on this package's kernels, each
//     with the Go loop it replaces as its twin and the Go loop's Bounds
//     (|x| < 2M before centring modulo M, residues within (M−1)/2 for the
//     CRT, |x| < 2^31 before reducing modulo q);
//   - [Prepared] elements, whose transforms are computed once for
//     repeated products: [Ring.MulPrepared] transforms only its other
//     operand, and [Ring.MulBothPrepared] multiplies two prepared
//     elements with no transform;
//   - constant-time inversion, [Ring.Invert], reporting whether the element
//     was invertible;
//   - batch inversion by Montgomery's trick, [BatchInvert], for any type
//     with a multiplication and an inversion;
//   - the variable-radix encoding of NTRU Prime, [Encode] and [Decode],
//     and [Codec], the same for one radix list with its level structure
//     and reciprocals computed once ([NewCodec]), for schemes that encode
//     many times.
//
// Elements are []int16 slices of length p in the centred range
// [−(q−1)/2, (q−1)/2]; small elements (coefficients in {−1, 0, 1}) are
// []int8. No branch, memory index or division depends on a coefficient.
// Each function states its bounds in one fixed form,
//
//	// Bounds: requires |s[i]| ≤ 1; ensures |c[i]| ≤ (q−1)/2.
package ring
