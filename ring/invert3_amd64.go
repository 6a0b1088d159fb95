//go:build amd64 && !purego

package ring

// planeWords3 is the number of words of one bit plane of the AVX2 kernel:
// 1024 coefficients, enough for the p + 1 ≤ 1022 of f and g (p ≤ 1021, the
// largest prime ≤ MaxP).
const planeWords3 = 16

// divsteps3AVX2 is divsteps3 on the AVX2 kernel of asm/invert3: the word
// pairs of (f, g) and (u, v) are spread into the kernel's eight bit planes
// (f.pos, f.neg, g.pos, g.neg, u.pos, u.neg, v.pos, v.neg), and f and u,
// which invert3 reads afterwards, are gathered back. It requires
// p < 64·planeWords3.
func divsteps3AVX2(p int, fg, uv *pair3) int32 {
	var s [8 * planeWords3]uint64
	for k := range planeWords3 {
		for j := range 4 {
			s[j*planeWords3+k] = fg[k][j]
			s[(4+j)*planeWords3+k] = uv[k][j]
		}
	}
	δ := divsteps3Kernel(&s, p)
	for k := range planeWords3 {
		for j := range 2 {
			fg[k][j] = s[j*planeWords3+k]
			uv[k][j] = s[(4+j)*planeWords3+k]
		}
	}
	return int32(δ)
}
