//go:build amd64 && !purego

package ntt

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/field/params"
)

// avx2Tables32 is the constant table of the AVX2 int32 engine, laid out as
// field/params/ntt32.go describes, built from the scalar tables (zetas32)
// and constants of scalar32.go. It is plain Go so that the bounds tests can
// walk the AVX2 schedule with the very twiddles the kernels use.
var avx2Tables32 = newAVX2Tables32()

// avx2ForwardZeta returns the zetas32 index of lane v of forward lane-twiddle
// group j of block b: j = 0 is layer len = 4, j = 1, 2 layer len = 2 (for
// register pairs l < 4 and l ≥ 4), j = 3 … 6 layer len = 1 (pairs l = 2(j−3),
// 2(j−3)+1). Lane v of register l holds FIPS position 64b + 8v + l there.
func avx2ForwardZeta(b, j, v int) int {
	switch {
	case j == 0:
		return 32 + 8*b + v
	case j <= 2:
		return 64 + 16*b + 2*v + (j - 1)
	default:
		return 128 + 32*b + 4*v + (j - 3)
	}
}

// avx2InverseZeta is avx2ForwardZeta for the inverse NTT, whose layer len
// uses zetas32[256/len − 1 − block]: j = 0 … 3 is layer len = 1, j = 4, 5
// layer len = 2, j = 6 layer len = 4.
func avx2InverseZeta(b, j, v int) int {
	switch {
	case j <= 3:
		return 255 - (32*b + 4*v + j)
	case j <= 5:
		return 127 - (16*b + 2*v + (j - 4))
	default:
		return 63 - (8*b + v)
	}
}

// timesQInv returns z·q⁻¹ mod 2^32 as int32: with it, VPMULDQ gives the t of
// the Montgomery reduction of x·z directly.
func timesQInv(z int32) int32 { return int32(uint32(z) * qInv32) }

// centred32 returns the representative of x mod q in [−(q−1)/2, (q−1)/2].
//
// Bounds: requires |x| < q; ensures |r| ≤ (q−1)/2.
func centred32(x int32) int32 {
	x = field.CondAdd32(x, q32)
	return x - ((q32-1)/2-x)>>31&q32
}

func newAVX2Tables32() (t [params.NTT32AVX2TableLen]int32) {
	for k := range 32 {
		t[params.NTT32AVX2Zeta+k] = zetas32[k]
		t[params.NTT32AVX2ZetaQInv+k] = timesQInv(zetas32[k])
	}
	set := func(i int, z int32) {
		t[i] = z
		t[i+1] = timesQInv(z)
	}
	t[params.NTT32AVX2Q] = q32
	t[params.NTT32AVX2QInv] = qInv32
	set(params.NTT32AVX2F, fInv32)
	set(params.NTT32AVX2ZF, centred32(field.MontgomeryMul32(zetas32[1], fInv32, q32, qInv32)))
	set(params.NTT32AVX2R2, r2Mod32)
	t[params.NTT32AVX2ReduceHalf] = 1 << 22
	for _, dir := range []struct {
		base int
		zeta func(b, j, v int) int
	}{{params.NTT32AVX2Forward, avx2ForwardZeta}, {params.NTT32AVX2Inverse, avx2InverseZeta}} {
		for b := range 4 {
			for j := range 7 {
				g := t[dir.base+32*(7*b+j):][:32]
				for v := range 8 {
					z := zetas32[dir.zeta(b, j, v)]
					odd := zetas32[dir.zeta(b, j, v|1)]
					g[v], g[8+v] = z, odd
					g[16+v], g[24+v] = timesQInv(z), timesQInv(odd)
				}
			}
		}
	}
	// AVX-512: each group of block pair p, vector by vector, that of block
	// 2p beside that of block 2p+1.
	for _, dir := range []struct{ from, to int }{
		{params.NTT32AVX2Forward, params.NTT32AVX512Forward},
		{params.NTT32AVX2Inverse, params.NTT32AVX512Inverse},
	} {
		for p := range 2 {
			for j := range 7 {
				g := t[dir.to+64*(7*p+j):][:64]
				for h := range 2 {
					src := t[dir.from+32*(7*(2*p+h)+j):][:32]
					for vec := range 4 {
						copy(g[16*vec+8*h:][:8], src[8*vec:][:8])
					}
				}
			}
		}
	}
	for i, q := range [8]int32{0, 1, 8, 9, 4, 5, 12, 13} {
		t[params.NTT32AVX512PermLo+2*i] = q
		t[params.NTT32AVX512PermHi+2*i] = q + 2
	}
	return t
}
