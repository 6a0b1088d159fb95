package sample

import "github.com/moduletto/moduletto/internal/cpu"

// SortUint32 sorts x into ascending order in constant time: the sequence of
// compare-exchange steps depends only on len(x), and each step takes the
// minimum and maximum of two words with masks, so no branch or memory
// index depends on the values.
//
// The portable network is Batcher's merge exchange for any length,
// Algorithm M of Knuth, The Art of Computer Programming, Vol. 3, Section
// 5.2.2. With the AVX2 kernels selected and 64 ≤ len(x) ≤ 1024 the words
// are instead padded with 2^32 − 1 to a power of two N and sorted by the
// bitonic network of Batcher (1968) in eight lanes (sort_amd64.go); the
// result is the same, as it is for every correct sorting network.
func SortUint32(x []uint32) {
	if cpu.AVX2Kernels() && len(x) >= minSortAVX2 && len(x) <= maxSortAVX2 {
		sortUint32AVX2(x)
		return
	}
	mergeExchange(x)
}

// SortInt32 sorts x into ascending order in constant time, with the
// networks of [SortUint32] (the AVX2 path sorts x − 2^31 as unsigned words).
func SortInt32(x []int32) {
	if cpu.AVX2Kernels() && len(x) >= minSortAVX2 && len(x) <= maxSortAVX2 {
		sortInt32AVX2(x)
		return
	}
	mergeExchange(x)
}

// mergeExchange is Algorithm M (Batcher's merge exchange) of Knuth, TAOCP
// Vol. 3, Section 5.2.2, with 0-based indices: for p = 2^(t−1), …, 2, 1,
// where t = ⌈lg n⌉, and for d = p, then d = q − p for q = 2^(t−1), …, 2p,
// it compare-exchanges x[i] and x[i+d] for every i < n − d whose bit p
// equals r (r = 0 in the first round of each p, r = p after). The loops
// run over public lengths only.
//
// It is the scalar twin of the AVX2 kernels of sort_amd64.s.
func mergeExchange[T int32 | uint32](x []T) {
	n := len(x)
	if n < 2 {
		return
	}
	t := 0
	for 1<<t < n {
		t++
	}
	top := 1 << (t - 1)
	for p := top; p > 0; p >>= 1 {
		q, r, d := top, 0, p
		for {
			// The i with i & p == r are the blocks [k·2p + r, k·2p + r + p).
			for base := r; base < n-d; base += 2 * p {
				end := min(base+p, n-d)
				a := x[base:end]
				b := x[base+d : end+d]
				b = b[:len(a)]
				for i := range a {
					a[i], b[i] = minMax(a[i], b[i])
				}
			}
			if q == p {
				break
			}
			q, r, d = q>>1, p, q-p
		}
	}
}

// minMax returns (min(a, b), max(a, b)) without a branch: the difference
// b − a in 64 bits is negative exactly when b < a, and its sign, spread to
// a mask, selects the exchange.
func minMax[T int32 | uint32](a, b T) (T, T) {
	m := T((int64(b) - int64(a)) >> 63) // all ones if b < a
	s := (a ^ b) & m
	return a ^ s, b ^ s
}

// The AVX2 path sorts 64 ≤ n ≤ 1024 words (ring.MaxP, the largest
// Streamlined NTRU Prime degree the toolkit serves) in a stack buffer of
// the next power of two; outside that range the portable network runs.
const (
	minSortAVX2 = 64
	maxSortAVX2 = 1024
)
