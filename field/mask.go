package field

// Conditional subtraction and addition of q by a mask, branch-free: the sign
// bit of the intermediate value, spread by an arithmetic shift, selects q.

// CondSub16 returns a − q if a ≥ q and a otherwise.
//
// Bounds: requires 0 < q < 2^15, 0 ≤ a < 2q; ensures 0 ≤ r < q.
func CondSub16(a, q int16) int16 {
	r := a - q
	return r + (r>>15)&q
}

// CondAdd16 returns a + q if a < 0 and a otherwise.
//
// Bounds: requires 0 < q < 2^15, −q ≤ a < q; ensures 0 ≤ r < q.
func CondAdd16(a, q int16) int16 {
	return a + (a>>15)&q
}

// CondSub32 returns a − q if a ≥ q and a otherwise.
//
// Bounds: requires 0 < q < 2^31, 0 ≤ a < 2q; ensures 0 ≤ r < q.
func CondSub32(a, q int32) int32 {
	r := a - q
	return r + (r>>31)&q
}

// CondAdd32 returns a + q if a < 0 and a otherwise.
//
// Bounds: requires 0 < q < 2^31, −q ≤ a < q; ensures 0 ≤ r < q.
func CondAdd32(a, q int32) int32 {
	return a + (a>>31)&q
}

// CondSubU32 returns a − q if a ≥ q and a otherwise, on the unsigned lanes of
// the 64-bit path.
//
// Bounds: requires 0 < q < 2^31, a < 2q; ensures r < q.
func CondSubU32(a, q uint32) uint32 {
	r := a - q
	// r wrapped below zero iff a < q; then its top bit is set because q < 2^31.
	return r + q&-(r>>31)
}
