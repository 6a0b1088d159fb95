// Package field implements arithmetic modulo an odd prime q < 2^31: validated
// parameters ([Params]), Barrett and Montgomery reducers for 16-, 32- and
// 64-bit lanes as plain functions with explicit constants, and typed elements
// [ModN] whose modulus is part of the type, so elements of different moduli
// cannot be mixed.
//
// # Parameters
//
// [NewParams] checks that q is an odd prime below 2^31 and precomputes what
// the reducers and NTT engines need: Montgomery constants for R = 2^32
// ([Params.QInv], [Params.QNegInv], [Params.R], [Params.RSquared]) and, when
// q < 2^15, for R = 2^16; Barrett constants ([Params.Barrett16],
// [Params.Barrett32], [Params.Barrett64]); a generator of F_q^* and
// [Params.RootOfUnity]. The named moduli [Q3329] (ML-KEM) and [Q8380417]
// (ML-DSA) come predeclared; [Modulus] shows how to declare another.
//
// # Lanes and reducers
//
//   - 16-bit lanes (int16 coefficients, int32 products, q < 2^15):
//     [MontgomeryReduce16], [MontgomeryMul16], [BarrettReduce16],
//     [CondSub16], [CondAdd16].
//   - 32-bit lanes (int32 coefficients, int64 products):
//     [MontgomeryReduce32], [MontgomeryMul32], [BarrettReduce32],
//     [CondSub32], [CondAdd32].
//   - The 64-bit path (canonical uint32 coefficients, uint64 products, any
//     q < 2^31): [MontgomeryReduce64], [MontgomeryReduceLazy64],
//     [MontgomeryMul64], [BarrettReduce64], [CondSubU32], and the methods
//     Add, Sub, Neg, Mul, Exp, Inverse and Reduce of [Params].
//
// Each reducer states its contract in one fixed form,
//
//	// Bounds: requires −q·2^15 ≤ a < q·2^15; ensures |r| < q.
//
// and the tests check it: over the whole input range for q = 3329 where
// that range is at most a few times 10^8 values (every int32 through
// BarrettReduce32 for q = 3329 and 8380417 with `go test -exhaustive`), on
// structured and random inputs (against math/big) elsewhere. The constants
// are parameters, so a call with constant arguments inlines and folds.
//
// # Constant time
//
// No reducer, element operation or vector operation branches on, indexes
// memory by, or divides a value: conditional corrections use masks, Exp and
// Inverse square and multiply over a fixed number of exponent bits, and
// [ModN.Equal] and [Select] are mask-based. Division appears only on public
// values: in NewParams (primality, factoring q−1, the Barrett constants) and
// in RootOfUnity / IsRootOfUnity (the public order).
//
// # Cost of the type parameter
//
// Go compiles every zero-size modulus type to one generic shape, so a ModN
// method fetches its *Params through the shape's dictionary: an indirect call
// per element. The vector functions ([AddVec], [SubVec], [NegVec], [MulVec],
// [ScalarMulVec], [MulAddVec]) fetch it once per slice and run a branch-free
// loop. Measured on 256 elements (BenchmarkAddVec, BenchmarkMulVec; noisy
// shared 2-core machine): the generic vector functions run within about 15%
// of a hand-written kernel with q a constant, while calling a ModN method per
// element costs 2–5× as much.
package field
