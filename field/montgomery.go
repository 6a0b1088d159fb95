package field

// Montgomery reduction returns a·R⁻¹ mod q without division: it adds the
// multiple of q that clears the low half of a and shifts that half out.

// MontgomeryReduce16 returns r ≡ a·2^−16 (mod q), for 16-bit lanes.
// Pass qInv = [Params.QInv16] (q⁻¹ mod 2^16; −3327 for q = 3329).
//
// Bounds: requires 0 < q < 2^15 odd, q·qInv ≡ 1 (mod 2^16), −q·2^15 ≤ a < q·2^15; ensures |r| < q.
func MontgomeryReduce16(a int32, q, qInv int16) int16 {
	t := int16(a) * qInv // a·q⁻¹ mod 2^16
	return int16((a - int32(t)*int32(q)) >> 16)
}

// MontgomeryMul16 returns r ≡ a·b·2^−16 (mod q): [MontgomeryReduce16] of
// the product.
//
// Bounds: requires 0 < q < 2^15 odd, q·qInv ≡ 1 (mod 2^16), −q·2^15 ≤ a·b < q·2^15; ensures |r| < q.
func MontgomeryMul16(a, b, q, qInv int16) int16 {
	return MontgomeryReduce16(int32(a)*int32(b), q, qInv)
}

// MontgomeryReduce32 returns r ≡ a·2^−32 (mod q), for 32-bit lanes.
// Pass qInv = int32([Params.QInv]) (q⁻¹ mod 2^32; 58728449 for q = 8380417).
//
// Bounds: requires 0 < q < 2^31 odd, q·qInv ≡ 1 (mod 2^32), −q·2^31 ≤ a < q·2^31; ensures |r| < q.
func MontgomeryReduce32(a int64, q, qInv int32) int32 {
	t := int32(a) * qInv // a·q⁻¹ mod 2^32
	return int32((a - int64(t)*int64(q)) >> 32)
}

// MontgomeryMul32 returns r ≡ a·b·2^−32 (mod q): [MontgomeryReduce32] of
// the product.
//
// Bounds: requires 0 < q < 2^31 odd, q·qInv ≡ 1 (mod 2^32), −q·2^31 ≤ a·b < q·2^31; ensures |r| < q.
func MontgomeryMul32(a, b, q, qInv int32) int32 {
	return MontgomeryReduce32(int64(a)*int64(b), q, qInv)
}

// MontgomeryReduce64 returns a·2^−32 mod q, canonical, for the 64-bit path
// (unsigned). Pass qNegInv = [Params.QNegInv] (−q⁻¹ mod 2^32).
//
// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a < q·2^32; ensures 0 ≤ r < q.
func MontgomeryReduce64(a uint64, q, qNegInv uint32) uint32 {
	return CondSubU32(MontgomeryReduceLazy64(a, q, qNegInv), q)
}

// MontgomeryReduceLazy64 is [MontgomeryReduce64] without the final
// conditional subtraction.
//
// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a < q·2^32; ensures 0 ≤ r < 2q.
func MontgomeryReduceLazy64(a uint64, q, qNegInv uint32) uint32 {
	m := uint32(a) * qNegInv // a + m·q ≡ 0 (mod 2^32)
	return uint32((a + uint64(m)*uint64(q)) >> 32)
}

// MontgomeryMul64 returns a·b·2^−32 mod q, canonical: [MontgomeryReduce64]
// of the product. With b = [Params.RSquared] it converts a into Montgomery
// form a·2^32 mod q; with b = 1 it converts back.
//
// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a·b < q·2^32 (e.g. a < q, any b); ensures 0 ≤ r < q.
func MontgomeryMul64(a, b, q, qNegInv uint32) uint32 {
	return MontgomeryReduce64(uint64(a)*uint64(b), q, qNegInv)
}
