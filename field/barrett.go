package field

import "math/bits"

// BarrettReduce16 returns r ≡ a (mod q) with |r| about q/2, for 16-bit lanes:
// t = ⌊(v·a + 2^25) / 2^26⌉ approximates a/q, and r = a − t·q.
// Pass v = [Params.Barrett16] (20159 for q = 3329).
//
// Bounds: requires 2^11 < q < 2^15 odd, v = ⌊2^26/q⌉, any int16 a; ensures |r| ≤ q/2 + q/2^12 (for q = 3329: |r| ≤ (q−1)/2).
func BarrettReduce16(a, q, v int16) int16 {
	t := (int32(v)*int32(a) + 1<<25) >> 26
	return a - int16(t)*q
}

// BarrettReduce32 returns r ≡ a (mod q) with |r| ≤ (q+1)/2, for 32-bit lanes:
// t = ⌊(v·a + 2^(s−1)) / 2^s⌋ rounds a/q, and r = a − t·q.
// Pass v, s = [Params.Barrett32] (s = 31 + ⌊log2 q⌋, v = ⌊2^s/q⌉).
//
// Bounds: requires 3 ≤ q < 2^31 odd, s = 31 + ⌊log2 q⌋, v = ⌊2^s/q⌉, any int32 a; ensures |r| ≤ (q+1)/2.
func BarrettReduce32(a, q int32, v int64, s uint) int32 {
	s &= 63
	t := (v*int64(a) + int64(1)<<(s-1)) >> s
	return a - int32(t)*q
}

// BarrettReduce64 returns x mod q for any uint64 x, for the 64-bit path
// (canonical uint32 coefficients, uint64 products): t = ⌊x·m / 2^64⌋ is
// ⌊x/q⌋ or one less, x − t·q < 2q, and a conditional subtraction finishes.
// Pass m = [Params.Barrett64].
//
// Bounds: requires 3 ≤ q < 2^31 odd, m = ⌊2^64/q⌋, any uint64 x; ensures 0 ≤ r < q.
func BarrettReduce64(x uint64, q uint32, m uint64) uint32 {
	t, _ := bits.Mul64(x, m)
	return CondSubU32(uint32(x-t*uint64(q)), q)
}
