package sample

import "math/bits"

// keccakImpl names an implementation of Keccak-f[1600] on the four
// interleaved states of a [shakeX4].
type keccakImpl uint8

const (
	keccakScalar keccakImpl = iota // keccakF1600Stride4 on each lane in turn
	keccakAVX2                     // keccakF1600x4AVX2 on all four lanes; a lone lane by keccakF1600Stride4BMI
)

// String returns the implementation's name as used in test and benchmark
// names ("scalar", "avx2").
func (k keccakImpl) String() string {
	if k == keccakAVX2 {
		return "avx2"
	}
	return "scalar"
}

// keccakImpls lists the implementations this build and CPU can run, the
// default first; keccak_amd64.go prepends keccakAVX2 when the CPU has AVX2.
// keccakDefault is the one new streams use: chosen once at start-up, read
// once per stream (by absorb), switched only by tests.
var (
	keccakImpls   = []keccakImpl{keccakScalar}
	keccakDefault = keccakScalar
)

// permute applies Keccak-f[1600] to the interleaved states in a (lane word
// i of state l at a[4i+l]) whose bit is set in active; tmp is scratch space.
// The AVX2 kernel always permutes all four states (the others hold zeros or
// stale data nobody reads); the portable one costs per state and skips them.
func (k keccakImpl) permute(a, tmp *[100]uint64, active uint8) {
	if k == keccakAVX2 {
		if active&(active-1) != 0 {
			permuteAVX2(a, tmp)
			return
		}
		// A lone active lane (G, the tail of H(ek) or tr, a single hash)
		// is permuted on its own, in general-purpose registers: 1.2 times
		// faster than the AVX2 kernel's four (measured 340 ns against 420
		// for the compiled permutation, fewer for the BMI kernel).
		l := bits.TrailingZeros8(active) & 3
		permuteLone((*[97]uint64)(a[l:]), (*[97]uint64)(tmp[l:]))
		return
	}
	keccakF1600x4Scalar(a, active)
}

// keccakF1600x4Scalar applies Keccak-f[1600] to the interleaved states in a
// whose bit is set in active, one after the other, each where it lies.
func keccakF1600x4Scalar(a *[100]uint64, active uint8) {
	for l := range lanes {
		if active>>l&1 != 0 {
			keccakF1600Stride4((*[97]uint64)(a[l:]))
		}
	}
}
