package poly

// Reducers for q = 3329 on int16 lanes. They are local to poly so the
// coefficient-wise loops inline; each is checked against % over every int16
// input in reduce16_test.go.

// barrettV16 = round(2^26 / q) for q = 3329.
const barrettV16 = 20159

// barrettReduce16 returns r ≡ a (mod q) in centred form.
//
// Bounds: requires any int16 a; ensures −(q−1)/2 ≤ r ≤ (q−1)/2.
func barrettReduce16(a int16) int16 {
	t := int16((int32(barrettV16)*int32(a) + 1<<25) >> 26)
	return a - t*Q16
}

// normalize16 returns the canonical representative of a mod q.
//
// Bounds: requires any int16 a; ensures 0 ≤ r < q.
func normalize16(a int16) int16 {
	r := barrettReduce16(a)
	return r + (r>>15)&Q16
}
