package poly

// Compress_d and Decompress_d for q = 3329 (FIPS 203, Section 4.2.1,
// equations 4.7 and 4.8), computed with a multiplication and a shift; no
// division touches a coefficient.

// compressM = ⌈2^35 / q⌉. For y < 2^23, ⌊y·compressM / 2^35⌋ = ⌊y / q⌋: the
// error y·(compressM − 2^35/q)/2^35 < 2^23·0.8/2^35 < 1/q never carries the
// fractional part of y/q over an integer. compress_test.go checks every input.
const compressM = 10321340

// compress returns Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d.
//
// Since q is odd, (2^d/q)·x is never exactly halfway between integers (for
// x ≠ 0), so ⌈(2^d/q)·x⌋ = ⌊(x·2^d + (q−1)/2) / q⌋.
//
// Bounds: requires 0 ≤ x < q, 1 ≤ d ≤ 11; ensures 0 ≤ r < 2^d.
func compress(x uint32, d uint) uint32 {
	y := uint64(x)<<d + (Q16-1)/2 // < 2^23
	r := uint32((y * compressM) >> 35)
	return r & (1<<d - 1)
}

// decompress returns Decompress_d(y) = ⌈(q/2^d)·y⌋ = ⌊(q·y + 2^(d−1)) / 2^d⌋.
//
// Bounds: requires 0 ≤ y < 2^d, 1 ≤ d ≤ 11; ensures 0 ≤ r < q.
func decompress(y uint32, d uint) uint32 {
	return (y*Q16 + 1<<(d-1)) >> d
}

// Compress replaces every coefficient x of p by Compress_d(x mod q)
// (FIPS 203, equation 4.7) and returns p. The result lies in Z_{2^d}, not
// R_q: it is meant for [ByteEncode] (or use the fused [CompressEncode]).
//
// Bounds: requires any int16 coefficient, 1 ≤ d ≤ 11; ensures 0 ≤ p[i] < 2^d.
func (p *Poly16) Compress(d int) *Poly16 {
	checkCompressD(d)
	for i, c := range p {
		p[i] = int16(compress(uint32(normalize16(c)), uint(d)))
	}
	return p
}

// Decompress replaces every coefficient y of p by Decompress_d(y)
// (FIPS 203, equation 4.8) and returns p.
//
// Bounds: requires 0 ≤ p[i] < 2^d, 1 ≤ d ≤ 11; ensures 0 ≤ p[i] < q.
func (p *Poly16) Decompress(d int) *Poly16 {
	checkCompressD(d)
	for i, c := range p {
		p[i] = int16(decompress(uint32(uint16(c)), uint(d)))
	}
	return p
}

func checkCompressD(d int) {
	if d < 1 || d > 11 {
		panic("poly: compression width d must be in 1..11")
	}
}
