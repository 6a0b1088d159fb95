package poly

import "github.com/moduletto/moduletto/field"

// Scalar reducers for q = 3329 on int16 lanes, used inside the fused
// encoders; checked against % over every int16 input in reduce_test.go.

// barrettV16 = round(2^26 / q) for q = 3329.
const barrettV16 = 20159

// barrettReduce16 returns r ≡ a (mod q) in centred form.
//
// Bounds: requires any int16 a; ensures −(q−1)/2 ≤ r ≤ (q−1)/2.
func barrettReduce16(a int16) int16 {
	return field.BarrettReduce16(a, Q16, barrettV16)
}

// normalize16 returns the canonical representative of a mod q.
//
// Bounds: requires any int16 a; ensures 0 ≤ r < q.
func normalize16(a int16) int16 {
	return field.CondAdd16(barrettReduce16(a), Q16)
}
