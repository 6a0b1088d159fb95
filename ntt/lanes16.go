package ntt

import "github.com/moduletto/moduletto/field"

// Two-lane arithmetic for the scalar NTTs of the int16 engine
// (q = 3329, Montgomery R = 2^16): a uint64 word holds two coefficients in
// unsigned 32-bit lanes, the even one in bits 0–31 and the odd one in bits
// 32–63, so one 64-bit multiply, add or shift works on both. The lanes stay
// independent as long as no lane result leaves [0, 2^32): then no carry or
// borrow crosses from one lane into the other. Lanes hold non-negative
// representatives; a butterfly difference a − u is formed as a + c − u with
// a bias c (lanesSubBias16 in the forward NTT, invBias2…invBias128 in the
// inverse), a multiple of q not smaller than u. Each kernel states its lane
// bounds; the interval walks in lanes16_bounds_test.go check them along the
// whole schedules of [scalar16.Forward16] and [scalar16.InverseMont16].

const (
	laneOnes16     = 1 | 1<<32           // 1 in each lane
	laneLow16      = 0xffff * laneOnes16 // the low 16 bits of each lane
	laneLow6       = 0x3f * laneOnes16   // the low 6 bits of each lane
	qNeg16         = -qInv16             // −q⁻¹ mod 2^16 = 3327
	barrettShift16 = 26                  // barrett16 = round(2^26/q)
	lanesInBias16  = 5 * q16             // added to each input coefficient x: |x| ≤ 2^14 < 5q
	lanesSubBias16 = 3 * q16             // c of each butterfly difference a + c − u: u ≤ 3q
	reduceBias16   = 10 * q16            // added to any int16 by reduceLanes16: 10q ≥ 2^15

	// The biases c of the differences b + c − a of the inverse NTT's layers
	// len = 2, 4, …, 128 (scalar16.InverseMont16): each at least the
	// largest lane a can hold there.
	invBias2   = 1 * q16
	invBias4   = 2 * q16
	invBias8   = 4 * q16
	invBias16  = 8 * q16
	invBias32  = 16 * q16
	invBias64  = 32 * q16
	invBias128 = 64 * q16
)

// zetasLanes16[k] is zetas16[k] as its representative in [0, q): the
// twiddles of the two-lane forward NTT (ζ^BitRev7(k)·R mod q).
var zetasLanes16 = func() (z [128]uint64) {
	for k, v := range zetas16 {
		z[k] = uint64(field.CondAdd16(v, q16))
	}
	return z
}()

// lanes16 returns the word of the coefficients x0 (lane 0) and x1 (lane 1),
// each biased by lanesInBias16.
//
// Bounds: requires |x0|, |x1| ≤ 2^14; ensures each lane r ≡ x (mod q), 5q − 2^14 ≤ r ≤ 5q + 2^14.
func lanes16(x0, x1 int16) uint64 {
	return uint64(uint32(int32(x0)+lanesInBias16)) | uint64(uint32(int32(x1)+lanesInBias16))<<32
}

// reduceLanes16 returns the word of x0 and x1, each biased by reduceBias16,
// for any int16 (scalar16.Reduce16).
//
// Bounds: requires any int16 x0, x1; ensures each lane r ≡ x (mod q), 10q − 2^15 ≤ r < 10q + 2^15.
func reduceLanes16(x0, x1 int16) uint64 {
	return uint64(uint32(int32(x0)+reduceBias16)) | uint64(uint32(int32(x1)+reduceBias16))<<32
}

// unlanes16 returns the two lanes of a word whose lanes are below 2^15.
//
// Bounds: requires each lane < 2^15; ensures x0 = lane 0, x1 = lane 1.
func unlanes16(a uint64) (x0, x1 int16) {
	return int16(a), int16(a >> 32)
}

// montLanes16 returns b·z·R⁻¹ mod q in each lane, by an unsigned Montgomery
// reduction: m = (b·z mod 2^16)·(−q⁻¹) mod 2^16 makes b·z + m·q divisible
// by 2^16, and r = (b·z + m·q)/2^16. The two masks keep each lane's m below
// 2^16; the shift moves no bits across lanes because the low 16 bits of each
// lane's sum are zero.
//
// Bounds: requires 0 ≤ z < q and, in each lane, b·z + (2^16−1)·q < 2^32; ensures each lane r ≡ b·z·R⁻¹ (mod q), 0 ≤ r ≤ (b·z + (2^16−1)·q)/2^16.
func montLanes16(b, z uint64) uint64 {
	t := b * z
	m := ((t & laneLow16) * qNeg16) & laneLow16
	return (t + m*q16) >> 16
}

// butterflyLanes16 is the Cooley–Tukey butterfly of Algorithm 9 (lines
// 8–10) on two lanes: (a + ζb, a − ζb), with ζ = z·R⁻¹ and the difference
// biased by lanesSubBias16.
//
// Bounds: requires montLanes16's bounds on b, z and, in each lane, u ≤ 3q and a + 3q < 2^32 for u = montLanes16(b, z); ensures in each lane x = a + u ≡ a + ζb, y = a + 3q − u ≡ a − ζb (mod q).
func butterflyLanes16(a, b, z uint64) (x, y uint64) {
	u := montLanes16(b, z)
	return a + u, a + lanesSubBias16*laneOnes16 - u
}

// freezeLanes16 returns each lane of a reduced to [0, q): the exact
// quotient ⌊a/q⌋ = ⌊a·barrett16/2^26⌋ (exact for a below 2^26/447, where
// 447 = barrett16·q − 2^26), masked to its lane, times q, subtracted.
//
// Bounds: requires each lane a ≤ 150131; ensures each lane r = a mod q, 0 ≤ r < q.
func freezeLanes16(a uint64) uint64 {
	qt := ((a * barrett16) >> barrettShift16) & laneLow6
	return a - qt*q16
}

// gsLanes16 is the Gentleman–Sande butterfly of Algorithm 10 (lines 8–10)
// on two lanes: (a + b, ζ(b − a)), with ζ = z·R⁻¹ and the difference formed
// as b + c − a for a bias c, a multiple of q not smaller than a.
//
// Bounds: requires in each lane a ≤ c, a + b < 2^32 and montLanes16's
// bounds on b + c − a and z; ensures in each lane x = a + b, y ≡ ζ(b − a)
// (mod q) with y ≤ ((b + c − a)·z + (2^16−1)·q)/2^16.
func gsLanes16(a, b, c, z uint64) (x, y uint64) {
	return a + b, montLanes16(b+c-a, z)
}

// zfLanes16 is the twiddle of the last layer of scalar16.InverseMont16, zetas16[1]
// times the factor 128⁻¹·R²·R⁻¹, as its representative in [0, q).
var zfLanes16 = uint64(field.CondAdd16(field.MontgomeryMul16(zetas16[1], fInv16, q16, qInv16), q16))
