//go:build amd64 && !purego

package ntt

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/field/params"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests compare every kernel of the AVX2 int32 backend with its
// scalar twin (scalar32) on random inputs and on the extremes of each
// kernel's Bounds: all zero, all ±bound, and a single ±bound impulse at
// every position. NTT-domain outputs are compared in FIPS order (through
// ToSpecOrder32). The AVX2 butterflies are the scalar ones, so the forward
// NTT and the position-wise kernels must agree exactly; the inverse fuses
// its final factor into the last layer and agrees mod q.

// forwardBound is the largest |p[i]| Forward32 accepts: B + 6q < 2^31.
const forwardBound = 1<<31 - 6*q32 - 1

// inputs32 returns named test polynomials with coefficients in [−lo, hi].
func inputs32(lo, hi int64) map[string]*[256]int32 {
	rng := rand.New(rand.NewPCG(32, 8380417))
	all := func(v int64) *[256]int32 {
		var p [256]int32
		for i := range p {
			p[i] = int32(v)
		}
		return &p
	}
	in := map[string]*[256]int32{"zero": all(0), "all+max": all(hi), "all-min": all(-lo)}
	for r := range 8 {
		var p [256]int32
		for i := range p {
			p[i] = int32(rng.Int64N(hi+lo+1) - lo)
		}
		in["random"+string(rune('0'+r))] = &p
	}
	for i := range 256 {
		for _, v := range []int64{hi, -lo} {
			var p [256]int32
			p[i] = int32(v)
			name := "impulse+"
			if v < 0 {
				name = "impulse-"
			}
			in[name+string(rune('A'+i/26))+string(rune('a'+i%26))] = &p
		}
	}
	return in
}

func modq(x int32) int32 { return int32(((int64(x) % q32) + q32) % q32) }

// TestAVX2Forward32MatchesScalar, TestAVX2InverseMont32MatchesScalar and
// TestAVX2RoundTrip32 run the AVX2 kernels and, where the CPU has
// AVX-512, the AVX-512 ones (eachAVX2Kernel).
func TestAVX2Forward32MatchesScalar(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testForward32MatchesScalar)
}

func testForward32MatchesScalar(t *testing.T) {
	for name, in := range inputs32(forwardBound, forwardBound) {
		want, got := *in, *in
		scalar32{}.Forward32(&want)
		avx2x32{}.Forward32(&got)
		avx2x32{}.ToSpecOrder32(&got)
		assert.Equal(t, want, got, "Forward32, input %s", name)
		for i, x := range got {
			if !assert.Less(t, abs64(int64(x)), int64(forwardBound+6*q32), "%s: ensures |p'[%d]| < B + 6q", name, i) {
				break
			}
		}
	}
}

func TestAVX2InverseMont32MatchesScalar(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testInverseMont32MatchesScalar)
}

func testInverseMont32MatchesScalar(t *testing.T) {
	for name, in := range inputs32(1<<23-1, 1<<23-1) {
		want, got := *in, *in
		scalar32{}.InverseMont32(&want)
		avx2x32{}.FromSpecOrder32(&got)
		avx2x32{}.InverseMont32(&got)
		for i := range got {
			if abs64(int64(got[i])) >= q32 || modq(want[i]) != modq(got[i]) {
				require.Less(t, abs64(int64(got[i])), int64(q32), "%s: ensures |p'[%d]| < q", name, i)
				require.Equal(t, modq(want[i]), modq(got[i]), "InverseMont32, input %s, position %d", name, i)
			}
		}
	}
}

func TestAVX2RoundTrip32(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testRoundTrip32)
}

// testRoundTrip32 checks InverseMont32(Forward32(p)) = p·R: the two kernels
// invert each other in native order.
func testRoundTrip32(t *testing.T) {
	for name, in := range inputs32(q32-1, q32-1) {
		p := *in
		avx2x32{}.Forward32(&p)
		avx2x32{}.Reduce32(&p)
		avx2x32{}.InverseMont32(&p)
		for i := range p {
			if want := modq(int32(int64(in[i]) * (1 << 32 % q32) % q32)); want != modq(p[i]) {
				require.Equal(t, want, modq(p[i]), "%s, position %d", name, i)
			}
		}
	}
}

func TestAVX2Pointwise32MatchesScalar(t *testing.T) {
	requireAVX2(t)
	const m = 16*q32 - 1 // |a·b| ≤ 2^31·q for |a|, |b| < 16q
	as, bs := inputs32(m, m), inputs32(m, m)
	cs := inputs32(math.MaxInt32-q32, math.MaxInt32-q32)
	for name, a := range as {
		b, c := bs[name], cs[name]
		b2 := *b
		for i := range b2 { // decorrelate b from a
			b2[i] = b[(i*37+11)&255]
		}
		var want, got [256]int32
		scalar32{}.MulMont32(&want, a, &b2)
		avx2x32{}.MulMont32(&got, a, &b2)
		assert.Equal(t, want, got, "MulMont32, input %s", name)
		want, got = *c, *c
		scalar32{}.MulAccMont32(&want, a, &b2)
		avx2x32{}.MulAccMont32(&got, a, &b2)
		assert.Equal(t, want, got, "MulAccMont32, input %s", name)
		got = *a
		avx2x32{}.MulMont32(&got, &got, &b2) // c may alias a
		scalar32{}.MulMont32(&want, a, &b2)
		assert.Equal(t, want, got, "MulMont32 aliased, input %s", name)
	}
}

// TestAVX2Dot32MatchesScalar compares dotMont32AVX2 (and dotMont32AVX512
// where the CPU has AVX-512) with its twin dotMont32Scalar exactly, for 1 to
// 8 terms, on the inputs of the pointwise test (|a|, |b| < 16q), on products
// at the bound 2^31·q in every term with one sign per term or alternating
// signs, and with c aliasing an operand.
func TestAVX2Dot32MatchesScalar(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testDot32MatchesScalar)
}

func testDot32MatchesScalar(t *testing.T) {
	const m = 16*q32 - 1
	names := []string{}
	as, bs := inputs32(m, m), inputs32(m, m)
	for name := range as {
		names = append(names, name)
	}
	slices.Sort(names)
	edge := func(v int32, flip bool) *[256]int32 {
		var p [256]int32
		for i := range p {
			p[i] = v
			if flip && i&1 == 1 {
				p[i] = -v
			}
		}
		return &p
	}
	const big = 1<<31 - 1 // big·q ≤ 2^31·q
	cases := [][2][]*[256]int32{}
	for terms := 1; terms <= 8; terms++ {
		for start := 0; start+terms <= len(names); start += 97 {
			var a, b []*[256]int32
			for j := range terms {
				a, b = append(a, as[names[start+j]]), append(b, bs[names[(start+3*j+1)%len(names)]])
			}
			cases = append(cases, [2][]*[256]int32{a, b})
		}
		for _, flip := range []bool{false, true} {
			var a, b, a2, b2 []*[256]int32
			for range terms {
				a, b = append(a, edge(big, flip)), append(b, edge(q32, false))
				a2, b2 = append(a2, edge(-big, flip)), append(b2, edge(q32, false))
			}
			cases = append(cases, [2][]*[256]int32{a, b}, [2][]*[256]int32{a2, b2})
		}
	}
	for i, c := range cases {
		var want, got [256]int32
		dotMont32Scalar(&want, c[0], c[1])
		avx2x32{}.DotMont32(&got, c[0], c[1])
		require.Equal(t, want, got, "case %d, %d terms", i, len(c[0]))
		alias := *c[0][0]
		a := append([]*[256]int32{&alias}, c[0][1:]...)
		avx2x32{}.DotMont32(&alias, a, c[1])
		require.Equal(t, want, alias, "case %d aliased", i)
	}
}

func TestAVX2Lanewise32MatchesScalar(t *testing.T) {
	requireAVX2(t)
	type kernel struct {
		name         string
		lo, hi       int64
		scalar, avx2 func(p *[256]int32)
	}
	const reduceMax = 1<<31 - 1<<22 - 1
	for _, k := range []kernel{
		{"Reduce32", -math.MinInt32, reduceMax, scalar32{}.Reduce32, avx2x32{}.Reduce32},
		{"Freeze32", -math.MinInt32, reduceMax, scalar32{}.Freeze32, avx2x32{}.Freeze32},
		{"CAddQ32", q32, q32 - 1, scalar32{}.CAddQ32, avx2x32{}.CAddQ32},
		{"ToMont32", -math.MinInt32, math.MaxInt32, scalar32{}.ToMont32, avx2x32{}.ToMont32},
	} {
		t.Run(k.name, func(t *testing.T) {
			for name, in := range inputs32(k.lo, k.hi) {
				want, got := *in, *in
				k.scalar(&want)
				k.avx2(&got)
				assert.Equal(t, want, got, "input %s", name)
			}
		})
	}
}

func TestAVX2Order32(t *testing.T) {
	requireAVX2(t)
	var p [256]int32
	for i := range p {
		p[i] = int32(i)
	}
	avx2x32{}.FromSpecOrder32(&p)
	for b := range 4 {
		for v := range 8 {
			for l := range 8 {
				assert.Equal(t, int32(64*b+8*v+l), p[64*b+8*l+v], "FIPS position %d", 64*b+8*v+l)
			}
		}
	}
	avx2x32{}.ToSpecOrder32(&p)
	for i := range p {
		assert.Equal(t, int32(i), p[i])
	}
}

// TestAVX2Tables32 checks the lane-twiddle groups against zetas32 and the
// broadcast constants against their definitions.
func TestAVX2Tables32(t *testing.T) {
	tb := &avx2Tables32
	for k := range 32 {
		assert.Equal(t, zetas32[k], tb[params.NTT32AVX2Zeta+k])
		assert.Equal(t, uint32(zetas32[k]), uint32(tb[params.NTT32AVX2ZetaQInv+k])*q32, "z·q⁻¹·q ≡ z mod 2^32")
	}
	for _, base := range []int{params.NTT32AVX2Forward, params.NTT32AVX2Inverse} {
		for g := range 28 {
			grp := tb[base+32*g:][:32]
			for v := range 8 {
				assert.Equal(t, grp[v|1], grp[8+v], "odd lanes at even positions")
				assert.Equal(t, uint32(grp[v]), uint32(grp[16+v])*q32)
				assert.Equal(t, uint32(grp[8+v]), uint32(grp[24+v])*q32)
			}
		}
	}
	// ZF·R ≡ ζ^BitRev8(1)·R·256⁻¹·R (mod q); F = 256⁻¹·R².
	rq := int64(1<<32) % q32
	zf := int64(tb[params.NTT32AVX2ZF])
	assert.Equal(t, (int64(zetas32[1])*int64(fInv32)%q32+q32)%q32, ((zf*rq)%q32+q32)%q32)
	assert.Equal(t, int64(1), int64(fInv32)*256%q32*invMod(rq*rq%q32)%q32)
}

// invMod returns x⁻¹ mod q by Fermat (public test values).
func invMod(x int64) int64 {
	r, e := int64(1), int64(q32-2)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * x % q32
		}
		x = x * x % q32
	}
	return r
}

// The interval walks below follow the AVX2 schedule register by register,
// with the twiddles of avx2Tables32 as the kernels read them, like
// bounds_test.go does for the scalar schedule.

// avx2Zeta returns the twiddle the AVX2 kernels use for the butterfly of
// layer len at FIPS position i (the lower index of the pair).
func avx2Zeta(forward bool, len, i int) int64 {
	tb := &avx2Tables32
	if len >= 8 { // broadcast twiddles: the scalar schedule's index
		if !forward && len == 128 {
			return int64(tb[params.NTT32AVX2ZF]) // fused with the factor 256⁻¹·R²
		}
		k := 128/len + i/(2*len)
		if !forward {
			k = 256/len - 1 - i/(2*len)
		}
		return int64(tb[params.NTT32AVX2Zeta+k])
	}
	// Lane twiddles: FIPS position i = 64b + 8v + l is lane v of register l.
	b, v, l := i/64, i%64/8, i%8
	var j int
	switch len {
	case 4:
		j = map[bool]int{true: 0, false: 6}[forward]
	case 2:
		j = map[bool]int{true: 1, false: 4}[forward] + l/4
	case 1:
		j = map[bool]int{true: 3, false: 0}[forward] + l/2
	}
	base := params.NTT32AVX2Forward
	if !forward {
		base = params.NTT32AVX2Inverse
	}
	return int64(tb[base+32*(7*b+j)+v])
}

func TestBoundsAVX2Forward32(t *testing.T) {
	for _, b0 := range []int64{q32, forwardBound} {
		var B [256]int64
		for i := range B {
			B[i] = b0
		}
		for l := 128; l >= 1; l >>= 1 {
			for i := range 256 {
				if i&l != 0 {
					continue
				}
				z := avx2Zeta(true, l, i)
				assert.Equal(t, int64(zetas32[256/(2*l)+i/(2*l)]), z, "twiddle of layer %d at %d", l, i)
				tb := montBound32(t, abs64(z)*B[i+l])
				B[i], B[i+l] = B[i]+tb, B[i]+tb
				assert.LessOrEqual(t, B[i], int64(math.MaxInt32), "int32 overflow at layer len=%d", l)
			}
		}
		for i := range B {
			assert.Less(t, B[i], b0+6*q32, "ensures |p'[i]| < B + 6q")
		}
	}
}

func TestBoundsAVX2InverseMont32(t *testing.T) {
	var B [256]int64
	for i := range B {
		B[i] = 1<<23 - 1 // requires |p[i]| < 2^23
	}
	for l := 1; l <= 128; l <<= 1 {
		for i := range 256 {
			if i&l != 0 {
				continue
			}
			z := avx2Zeta(false, l, i)
			if l < 128 {
				assert.Equal(t, int64(zetas32[256/l-1-i/(2*l)]), z, "twiddle of layer %d at %d", l, i)
			}
			sum := B[i] + B[i+l]
			assert.LessOrEqual(t, sum, int64(math.MaxInt32), "int32 overflow at layer len=%d", l)
			B[i], B[i+l] = sum, montBound32(t, abs64(z)*sum)
			if l == 128 { // the factor 256⁻¹·R² on the sums, fused into ZF on the differences
				B[i] = montBound32(t, int64(avx2Tables32[params.NTT32AVX2F])*sum)
			}
		}
	}
	for i := range B {
		assert.Less(t, B[i], int64(q32), "ensures |p'[i]| < q")
	}
}
