//go:build amd64 && !purego

package ntt

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/field/params"
	"github.com/moduletto/moduletto/internal/cpu"
)

// These tests compare the AVX2 int16 kernels with their scalar twins. The
// AVX2 kernels run the same butterflies and reductions as scalar16, so the
// outputs must be equal exactly (not only mod q), after converting
// NTT-domain values with the order hooks.

// requireAVX2 skips a test of the AVX2 backends on a CPU without AVX2
// (internal/cpu's TestRequireAVX2 fails there when MODULETTO_REQUIRE_AVX2=1).
func requireAVX2(t testing.TB) {
	if !cpu.X86HasAVX2 {
		t.Skip("the CPU lacks AVX2/BMI2 (internal/cpu's TestRequireAVX2 fails instead when MODULETTO_REQUIRE_AVX2=1)")
	}
}

// cases16 returns named inputs with lo ≤ p[i] ≤ hi: random, all zero, all
// lo, all hi, alternating hi/lo, and single impulses of height hi and of
// depth lo at every position.
func cases16(rng *rand.Rand, lo, hi int) map[string]*[256]int16 {
	in := map[string]*[256]int16{}
	add := func(name string, f func(i int) int) {
		var p [256]int16
		for i := range p {
			p[i] = int16(f(i))
		}
		in[name] = &p
	}
	for r := range 16 {
		add(fmt.Sprintf("random%d", r), func(int) int { return lo + rng.IntN(hi-lo+1) })
	}
	add("zero", func(int) int { return 0 })
	add(fmt.Sprintf("all%+d", lo), func(int) int { return lo })
	add(fmt.Sprintf("all%+d", hi), func(int) int { return hi })
	add("alternating", func(i int) int { return []int{hi, lo}[i&1] })
	for pos := range 256 {
		add(fmt.Sprintf("impulse%+d@%d", hi, pos), func(i int) int { return hi * b2i(i == pos) })
		add(fmt.Sprintf("impulse%+d@%d", lo, pos), func(i int) int { return lo * b2i(i == pos) })
	}
	return in
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// backend16 is the method set of the int16 backends (scalar16, avx2x16,
// *generic16): the package functions of the same names, called directly.
type backend16 interface {
	Forward16(p *[256]int16)
	InverseMont16(p *[256]int16)
	MulMont16(c, a, b *[256]int16)
	MulAccMont16(c, a, b *[256]int16)
	Reduce16(p *[256]int16)
	ToMont16(p *[256]int16)
	FromSpecOrder16(p *[256]int16)
	ToSpecOrder16(p *[256]int16)
}

// compare16 runs the named kernel on copies of the inputs with both
// backends and asserts equal outputs. NTT-domain inputs (ntt) are given in
// FIPS order and NTT-domain outputs read back in FIPS order.
type kernel16 struct {
	name               string
	nttIn, nttOut      bool
	run                func(b backend16, c, a, x *[256]int16)
	cLo, cHi, aLo, aHi int // input bounds from the Bounds comments (c: the in/out polynomial)
	// modQ: the backends may return different representatives (each within
	// the contract's |c'[i]| < q, which the test checks), so the outputs are
	// compared modulo q. InverseMont16's scalar twin computes in unsigned
	// lanes and returns [0, q); the AVX2 kernel returns signed values.
	modQ bool
}

var kernels16 = []kernel16{
	{name: "Forward16", nttOut: true, cLo: -1 << 14, cHi: 1 << 14,
		run: func(b backend16, c, _, _ *[256]int16) { b.Forward16(c) }},
	{name: "InverseMont16", nttIn: true, cLo: -(1<<14 - 1), cHi: 1<<14 - 1, modQ: true,
		run: func(b backend16, c, _, _ *[256]int16) { b.InverseMont16(c) }},
	{name: "MulMont16", nttIn: true, nttOut: true, aLo: -(q16 - 1), aHi: q16 - 1,
		run: func(b backend16, c, a, x *[256]int16) { b.MulMont16(c, a, x) }},
	{name: "MulAccMont16", nttIn: true, nttOut: true, cLo: -(1<<15 - 1 - 2002), cHi: 1<<15 - 1 - 2002, aLo: -(q16 - 1), aHi: q16 - 1,
		run: func(b backend16, c, a, x *[256]int16) { b.MulAccMont16(c, a, x) }},
	{name: "Reduce16", cLo: -1 << 15, cHi: 1<<15 - 1,
		run: func(b backend16, c, _, _ *[256]int16) { b.Reduce16(c) }},
	{name: "ToMont16", cLo: -1 << 15, cHi: 1<<15 - 1,
		run: func(b backend16, c, _, _ *[256]int16) { b.ToMont16(c) }},
}

// apply runs k on copies of (c, a, x) with backend b, converting orders.
func (k kernel16) apply(b backend16, c, a, x *[256]int16) [256]int16 {
	cc, aa, xx := *c, *a, *x
	if k.nttIn {
		b.FromSpecOrder16(&cc)
		b.FromSpecOrder16(&aa)
		b.FromSpecOrder16(&xx)
	}
	k.run(b, &cc, &aa, &xx)
	if k.nttOut {
		b.ToSpecOrder16(&cc)
	}
	return cc
}

// same asserts that the scalar and AVX2 outputs of k agree: equal, or
// with modQ congruent modulo q and each below q in magnitude.
func (k kernel16) same(t *testing.T, want, got [256]int16, name string) bool {
	if k.modQ {
		for i := range want {
			if !assert.Less(t, abs64(int64(want[i])), int64(q16), "%s: scalar [%d]", name, i) ||
				!assert.Less(t, abs64(int64(got[i])), int64(q16), "%s: AVX2 [%d]", name, i) {
				return false
			}
			want[i], got[i] = canonical16(want[i]), canonical16(got[i])
		}
	}
	return assert.Equal(t, want, got, name)
}

func TestAVX2Equals16(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testEquals16)
}

// testEquals16 is TestAVX2Equals16 with the kernels useAVX512 selects.
func testEquals16(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	for _, k := range kernels16 {
		t.Run(k.name, func(t *testing.T) {
			// Extremes and impulses on the operand with a range, random on the others.
			var cs, as map[string]*[256]int16
			if k.cLo != 0 || k.cHi != 0 {
				cs = cases16(rng, k.cLo, k.cHi)
			}
			if k.aLo != 0 || k.aHi != 0 {
				as = cases16(rng, k.aLo, k.aHi)
			}
			n := 0
			check := func(name string, c, a, x *[256]int16) {
				n++
				if !k.same(t, k.apply(scalar16{}, c, a, x), k.apply(avx2x16{}, c, a, x), name) {
					t.FailNow()
				}
			}
			var zero [256]int16
			for name, c := range cs {
				a, x := &zero, &zero
				if as != nil {
					a, x = as["random0"], as["random1"]
				}
				check("c="+name, c, a, x)
			}
			for name, a := range as {
				c := &zero
				if cs != nil {
					c = cs["random2"]
				}
				check("a="+name, c, a, as["random3"])
				check("b="+name, c, as["random4"], a)
				check("a=b="+name, c, a, a)
			}
			assert.Greater(t, n, 500)
		})
	}
}

// TestAVX2Order16 checks the order hooks against params.MLKEMAVX2SpecIndex16
// and that each undoes the other.
func TestAVX2Order16(t *testing.T) {
	requireAVX2(t)
	var p [256]int16
	seen := map[int]bool{}
	for i := range p {
		p[i] = int16(i)
		seen[params.MLKEMAVX2SpecIndex16(i)] = true
	}
	assert.Len(t, seen, 256, "MLKEMAVX2SpecIndex16 is a permutation")
	avx2x16{}.FromSpecOrder16(&p)
	for i, x := range p {
		assert.Equal(t, params.MLKEMAVX2SpecIndex16(i), int(x), "native position %d", i)
	}
	avx2x16{}.ToSpecOrder16(&p)
	for i, x := range p {
		require.Equal(t, i, int(x), "ToSpecOrder16 undoes FromSpecOrder16")
	}
}

// TestAVX2Dispatch checks that the AVX2 kernels are the default where the
// CPU has them and that under them the package functions reach the AVX2
// backends: FromSpecOrder16 and FromSpecOrder32 apply the AVX2 orders, which
// no other backend has.
func TestAVX2Dispatch(t *testing.T) {
	requireAVX2(t)
	assert.Equal(t, cpu.AVX2, cpu.Current())
	var p16, want16 [256]int16
	var p32, want32 [256]int32
	for i := range p16 {
		p16[i], p32[i] = int16(i), int32(i)
	}
	want16, want32 = p16, p32
	fips16, fips32 := p16, p32
	FromSpecOrder16(&p16)
	FromSpecOrder32(&p32)
	avx2x16{}.FromSpecOrder16(&want16)
	avx2x32{}.FromSpecOrder32(&want32)
	assert.Equal(t, want16, p16)
	assert.Equal(t, want32, p32)
	assert.NotEqual(t, fips16, p16, "the AVX2 int16 order is not FIPS order")
	assert.NotEqual(t, fips32, p32, "the AVX2 int32 order is not FIPS order")
}

// FuzzAVX2Int16 compares every AVX2 int16 kernel with its scalar twin on
// arbitrary inputs folded into each kernel's contract.
func FuzzAVX2Int16(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0x7f, 0x00, 0x80, 0x01, 0x00, 0x00, 0x40, 0x00, 0xc0})
	f.Fuzz(func(t *testing.T, data []byte) {
		requireAVX2(t)
		poly := func(idx, lo, hi int) *[256]int16 {
			var p [256]int16
			for i := range p {
				off := (idx*256 + i) * 2 % max(len(data)-1, 1)
				var raw int
				if off+2 <= len(data) {
					raw = int(binary.LittleEndian.Uint16(data[off:]))
				}
				p[i] = int16(lo + raw%(hi-lo+1))
			}
			return &p
		}
		for _, k := range kernels16 {
			c, a, x := poly(0, k.cLo, k.cHi), poly(1, k.aLo, k.aHi), poly(2, k.aLo, k.aHi)
			k.same(t, k.apply(scalar16{}, c, a, x), k.apply(avx2x16{}, c, a, x), k.name)
		}
	})
}

// TestAVX2AllInt16 runs Reduce16 and ToMont16, whose contract allows any
// int16, on every int16 value (256 polynomials) against scalar16.
func TestAVX2AllInt16(t *testing.T) {
	requireAVX2(t)
	for hi := range 256 {
		var p [256]int16
		for lo := range p {
			p[lo] = int16(hi<<8 | lo)
		}
		for _, k := range kernels16 {
			if k.name != "Reduce16" && k.name != "ToMont16" {
				continue
			}
			var zero [256]int16
			if !assert.Equal(t, k.apply(scalar16{}, &p, &zero, &zero), k.apply(avx2x16{}, &p, &zero, &zero), "%s on 0x%02x00…0x%02xff", k.name, hi, hi) {
				return
			}
		}
	}
}

// TestAVX2Dot16MatchesScalar compares the AVX2 DotMont16 (dotMont16AVX2,
// and dotMont16AVX512 where the CPU has AVX-512BW; four terms at a time)
// with its twin dotMont16Lazy exactly, for 1 to 8 terms, on random inputs
// below q, on inputs at ±(q−1) in every term (the largest sums, both
// signs, and mixed signs per base case), and with c aliasing an operand.
// The scalar side runs in FIPS order and the AVX2 side in its own,
// converted both ways.
func TestAVX2Dot16MatchesScalar(t *testing.T) {
	requireAVX2(t)
	eachAVX2Kernel(t, testDot16MatchesScalar)
}

// eachAVX2Kernel runs f as the subtest kernel=avx2 with useAVX512 off and,
// where the CPU has AVX-512BW, as kernel=avx512 with it on: one run covers
// both kernels of each function the AVX2 backends have in two forms.
func eachAVX2Kernel(t *testing.T, f func(t *testing.T)) {
	for _, k := range avx2Kernels() {
		t.Run("kernel="+k.name, func(t *testing.T) {
			defer k.use()()
			f(t)
		})
	}
}

// avx2Kernel is a setting of useAVX512, named for the kernels it selects.
type avx2Kernel struct {
	name   string
	avx512 bool
}

// avx2Kernels lists the settings of useAVX512 this CPU can run: avx2, and
// avx512 where it has AVX-512BW.
func avx2Kernels() []avx2Kernel {
	ks := []avx2Kernel{{"avx2", false}}
	if cpu.X86HasAVX512BW {
		ks = append(ks, avx2Kernel{"avx512", true})
	}
	return ks
}

// use sets useAVX512 for k and returns the function that restores it.
func (k avx2Kernel) use() (restore func()) {
	prev := useAVX512
	useAVX512 = k.avx512
	return func() { useAVX512 = prev }
}

// testDot16MatchesScalar is TestAVX2Dot16MatchesScalar with the kernel
// useAVX512 selects.
func testDot16MatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	const m = q16 - 1
	random := func() *[256]int16 {
		var p [256]int16
		for i := range p {
			p[i] = int16(rng.IntN(2*m+1) - m)
		}
		return &p
	}
	edge := func(v int16, pattern int) *[256]int16 {
		var p [256]int16
		for i := range p {
			p[i] = v
			if pattern == 1 && i&1 == 1 || pattern == 2 && i&2 == 2 {
				p[i] = -v
			}
		}
		return &p
	}
	cases := [][2][]*[256]int16{}
	for terms := 1; terms <= 8; terms++ {
		for range 8 {
			var a, b []*[256]int16
			for range terms {
				a, b = append(a, random()), append(b, random())
			}
			cases = append(cases, [2][]*[256]int16{a, b})
		}
		for pattern := range 3 {
			for _, s := range []int16{m, -m} {
				var a, b []*[256]int16
				for range terms {
					a, b = append(a, edge(s, pattern)), append(b, edge(m, 0))
				}
				cases = append(cases, [2][]*[256]int16{a, b})
			}
		}
	}
	native := func(ps []*[256]int16) []*[256]int16 {
		out := make([]*[256]int16, len(ps))
		for i, p := range ps {
			x := *p
			avx2x16{}.FromSpecOrder16(&x)
			out[i] = &x
		}
		return out
	}
	for i, c := range cases {
		var want, got [256]int16
		dotMont16Lazy(&want, c[0], c[1])
		a, b := native(c[0]), native(c[1])
		avx2x16{}.DotMont16(&got, a, b)
		avx2x16{}.ToSpecOrder16(&got)
		require.Equal(t, want, got, "case %d, %d terms", i, len(c[0]))
		alias := *a[0]
		avx2x16{}.DotMont16(&alias, append([]*[256]int16{&alias}, a[1:]...), b)
		avx2x16{}.ToSpecOrder16(&alias)
		require.Equal(t, want, alias, "case %d aliased", i)
	}
}

// canonical16 returns a mod q in [0, q).
func canonical16(a int16) int16 { return int16(mod(int64(a), q16)) }
