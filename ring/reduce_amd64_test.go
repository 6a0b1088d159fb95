//go:build amd64 && !purego

package ring

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/stretchr/testify/require"
)

// TestReduceKernels checks the AVX2 passes of reduce_amd64.s against their
// scalar twins (reduce, fold's sum, center32, center16) lane for lane, on
// random values over the whole range each accepts and on its extremes, for
// rings with q from 3 to the largest allowed prime.
func TestReduceKernels(t *testing.T) {
	if !cpu.AVX2Kernels() {
		t.Skip("the CPU has no AVX2: the kernels cannot run (the scalar twins are tested on every backend)")
	}
	rng := rand.New(rand.NewPCG(31, 32))
	const n = 1024
	for _, q := range []int{3, 5, 4591, 4621, 5167, 16381, 32749} {
		r, err := New(761, q)
		require.NoError(t, err)
		half := int32(q-1) / 2
		var a, b, d [n]int32
		for i := range a {
			a[i] = int32(rng.Uint32()) | 1 // never −2^31, outside the bound
			b[i], d[i] = rng.Int32N(1<<30)-1<<29, rng.Int32N(1<<30)-1<<29
		}
		extremes := []int32{0, 1, -1, math.MaxInt32, -math.MaxInt32, int32(q), -int32(q), half, -half, half + 1, -half - 1,
			2*int32(q) - 1, 1<<30 + 7, -1<<30 - 7, int32(q) * int32(math.MaxInt32/q), -int32(q) * int32(math.MaxInt32/q)}
		copy(a[:], extremes)
		var got [n]int16
		r.reduceAVX2(got[:], a[:])
		for i, x := range a {
			require.Equal(t, reduce(x, r.q, r.half, r.m), got[i], "q=%d reduce(%d)", q, x)
		}
		// fold: the three terms sum below 2^31 in magnitude.
		for i := range a {
			a[i] = rng.Int32N(1<<30) - 1<<29
		}
		a[0], b[0], d[0] = 1<<29, 1<<29-1, 1<<29 // extreme sums: ±(3·2^29 − 1)
		a[1], b[1], d[1] = -1<<29, -1<<29+1, -1<<29
		r.foldAVX2(got[:], a[:], b[:], d[:])
		for i := range a {
			require.Equal(t, reduce(a[i]+b[i]+d[i], r.q, r.half, r.m), got[i], "q=%d fold %d", q, i)
		}
	}
}

func TestCenterKernels(t *testing.T) {
	if !cpu.AVX2Kernels() {
		t.Skip("the CPU has no AVX2: the kernels cannot run (the scalar twins are tested on every backend)")
	}
	rng := rand.New(rand.NewPCG(33, 34))
	for range 200 {
		var lower, upper, got [blockLen]int32
		for u := range lower {
			lower[u], upper[u] = rng.Int32N(2*m32-1)-(m32-1), rng.Int32N(2*m32-1)-(m32-1)
		}
		lower[0], upper[0] = m32-1, m32-1 // the extreme sums ±2(M − 1)
		lower[1], upper[1] = -(m32 - 1), -(m32 - 1)
		center32Kernel(&got, &lower, &upper)
		for u := range got {
			require.Equal(t, center32(lower[u]+upper[u]), got[u], "center32(%d + %d)", lower[u], upper[u])
		}
	}
	// center16: every sum in (−2·M16, 2·M16).
	for x := -2*m16 + 2; x <= 2*m16-2; x += blockLen {
		var lower, upper [blockLen]int16
		var got [blockLen]int32
		for u := range lower {
			s := int32(x + u)
			s = max(-2*m16+2, min(2*m16-2, s))
			lower[u] = int16(s / 2)
			upper[u] = int16(s - s/2)
		}
		center16Kernel(&got, &lower, &upper)
		for u := range got {
			require.Equal(t, center16(int32(lower[u])+int32(upper[u])), got[u], "center16(%d + %d)", lower[u], upper[u])
		}
	}
}

// TestCRTKernel checks crtKernel against Ring.crt on random residue pairs
// and on the extreme ones (±(M32−1)/2 with ±(M16−1)/2, the CRT values
// nearest ±M32·M16/2), for rings with q from 3 to 32749.
func TestCRTKernel(t *testing.T) {
	if !cpu.AVX2Kernels() {
		t.Skip("the CPU has no AVX2: the kernel cannot run (the scalar twin is tested on every backend)")
	}
	rng := rand.New(rand.NewPCG(35, 36))
	const h32, h16 = (m32 - 1) / 2, (m16 - 1) / 2
	for _, q := range []int{3, 5, 4591, 4621, 5167, 16381, 32749} {
		r, err := New(761, q)
		require.NoError(t, err)
		const n = 2048
		var x32, x16, want [n]int32
		for i := range x32 {
			x32[i], x16[i] = rng.Int32N(2*h32+1)-h32, rng.Int32N(2*h16+1)-h16
		}
		corners := [][2]int32{{h32, h16}, {h32, -h16}, {-h32, h16}, {-h32, -h16}, {0, 0}, {h32, 0}, {-h32, 0}, {0, h16}, {0, -h16}, {1, -1}}
		for i, c := range corners {
			x32[i], x16[i] = c[0], c[1]
		}
		for i := range want {
			want[i] = r.crt(x32[i], x16[i])
		}
		in32 := x32
		r.crtAVX2(x32[:], x16[:])
		for i := range want {
			require.Equal(t, want[i], x32[i], "q=%d crt(%d, %d)", q, in32[i], x16[i])
		}
	}
}

// TestWidenKernels checks widen16Kernel and widen8Kernel against the
// conversions of their twins (the loops of load32 and widenSmall) on
// random values, every extreme, and every length the callers pass.
func TestWidenKernels(t *testing.T) {
	if !cpu.AVX2Kernels() {
		t.Skip("the CPU has no AVX2: the kernels cannot run (the scalar twins are tested on every backend)")
	}
	rng := rand.New(rand.NewPCG(35, 36))
	var a16 [MaxP]int16
	var a8 [MaxP]int8
	for i := range a16 {
		a16[i], a8[i] = int16(rng.Uint32()), int8(rng.Uint32())
	}
	copy(a16[:], []int16{math.MinInt16, math.MaxInt16, -1, 0, 1})
	copy(a8[:], []int8{math.MinInt8, math.MaxInt8, -1, 0, 1})
	for n := 16; n <= MaxP; n += 16 {
		got32 := make([]int32, n+1) // one more: the kernel writes exactly n
		got16 := make([]int16, n+1)
		got32[n], got16[n] = 12345, 12345
		widen16Kernel(&got32[0], &a16[0], n)
		widen8Kernel(&got16[0], &a8[0], n)
		for i := range n {
			require.Equal(t, int32(a16[i]), got32[i], "widen16 n=%d i=%d", n, i)
			require.Equal(t, int16(a8[i]), got16[i], "widen8 n=%d i=%d", n, i)
		}
		require.Equal(t, int32(12345), got32[n])
		require.Equal(t, int16(12345), got16[n])
	}
}
