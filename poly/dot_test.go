package poly

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schoolbook returns a·b in Z_q[X]/(X^n+1), n = len(a), by the
// definition (oracle).
func schoolbook(a, b []int64, q int64) []int64 {
	n := len(a)
	c := make([]int64, n)
	for i := range n {
		for j := range n {
			k, s := i+j, a[i]*b[j]%q
			if k >= n {
				k, s = k-n, -s
			}
			c[k] = mod(c[k]+s, q)
		}
	}
	return c
}

func TestMontgomeryConstants(t *testing.T) {
	assert.Equal(t, field.MustParams(Q16).QInv16(), int16(qInv16))
	assert.Equal(t, field.MustParams(Q32).QInv(), uint32(qInv32))
}

func randPoly16(rng *rand.Rand) Poly16 {
	var p Poly16
	for i := range p {
		p[i] = int16(rng.IntN(Q16))
	}
	return p
}

func randPoly32(rng *rand.Rand) Poly32 {
	var p Poly32
	for i := range p {
		p[i] = int32(rng.IntN(Q32))
	}
	return p
}

func TestProducts16(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(21, 22))
		for k := 0; k <= MaxK; k++ {
			t.Run(fmt.Sprintf("k=%d", k), func(t *testing.T) {
				a := make([]Poly16, k)
				b := make([]Poly16, k)
				want := make([]int64, N)
				for j := range k {
					a[j], b[j] = randPoly16(rng), randPoly16(rng)
					if j == 0 {
						for i := range a[j] {
							a[j][i], b[j][i] = Q16-1, Q16-1 // extreme inputs
						}
					}
					s := schoolbook(to64(a[j][:]), to64(b[j][:]), Q16)
					for i := range want {
						want[i] = mod(want[i]+s[i], Q16)
					}
				}
				ah, bh := NTTVec16(a), NTTVec16(b)

				var got Poly16
				DotInverse16(&got, ah, bh)
				for i := range got {
					require.Less(t, abs64(int64(got[i])), int64(Q16))
				}
				got.Normalize()
				assert.Equal(t, want, to64(got[:]), "DotInverse16")

				var gotNTT NTTPoly16
				DotNTT16(&gotNTT, ah, bh)
				wantPoly := Poly16{}
				for i := range wantPoly {
					wantPoly[i] = int16(want[i])
				}
				wantNTT := wantPoly.NTT()
				assert.Equal(t, *wantNTT, *gotNTT.Normalize(), "DotNTT16")

				// The same vector as the last column of a k×k matrix.
				if k > 0 {
					m := make([]NTTPoly16, k*k)
					for j := range k {
						m[j*k+k-1] = ah[j]
					}
					var col NTTPoly16
					DotNTT16Column(&col, m, k-1, bh)
					assert.Equal(t, *wantNTT, *col.Normalize(), "DotNTT16Column")
				}

				back := *gotNTT.InverseNTT()
				assert.Equal(t, want, to64(back.Normalize()[:]), "InverseNTT")
				if k == 1 {
					var m NTTPoly16
					MulNTT16(&m, &ah[0], &bh[0])
					assert.Equal(t, *wantNTT, *m.Normalize(), "MulNTT16")
				}
			})
		}
	})
}

func TestProducts32(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(23, 24))
		for k := 0; k <= MaxK; k++ {
			t.Run(fmt.Sprintf("k=%d", k), func(t *testing.T) {
				a := make([]Poly32, k)
				b := make([]Poly32, k)
				want := make([]int64, N)
				for j := range k {
					a[j], b[j] = randPoly32(rng), randPoly32(rng)
					if j == 0 {
						for i := range a[j] {
							a[j][i], b[j][i] = Q32-1, -(Q32 - 1) // extreme inputs
						}
					}
					s := schoolbook(to64of32(a[j][:]), to64of32(b[j][:]), Q32)
					for i := range want {
						want[i] = mod(want[i]+s[i], Q32)
					}
				}
				ah, bh := NTTVec32(a), NTTVec32(b)

				var got Poly32
				DotInverse32(&got, ah, bh)
				for i := range got {
					require.Less(t, abs64(int64(got[i])), int64(Q32))
				}
				assert.Equal(t, want, to64of32(got.Normalize()[:]), "DotInverse32")

				// The same terms through pointers, listed in reverse order.
				pa, pb := make([]*NTTPoly32, k), make([]*NTTPoly32, k)
				for j := range k {
					pa[j], pb[j] = &ah[k-1-j], &bh[k-1-j]
				}
				var gotPtr Poly32
				DotInverse32Ptr(&gotPtr, pa, pb)
				assert.Equal(t, want, to64of32(gotPtr.Normalize()[:]), "DotInverse32Ptr")

				var gotNTT NTTPoly32
				DotNTT32(&gotNTT, ah, bh)
				var wantPoly Poly32
				for i := range wantPoly {
					wantPoly[i] = int32(want[i])
				}
				wantNTT := wantPoly.NTT().Normalize()
				assert.Equal(t, *wantNTT, *gotNTT.Normalize(), "DotNTT32")

				back := *gotNTT.InverseNTT()
				assert.Equal(t, want, to64of32(back.Normalize()[:]), "InverseNTT")
				if k == 1 {
					var m Poly32
					MulInverse32(&m, &ah[0], &bh[0])
					assert.Equal(t, want, to64of32(m.Normalize()[:]), "MulInverse32")
					var mh NTTPoly32
					MulNTT32(&mh, &ah[0], &bh[0])
					assert.Equal(t, *wantNTT, *mh.Normalize(), "MulNTT32")
				}
			})
		}
	})
}

func TestMatVec(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	const rows, cols = 3, 2
	m := make([]Poly16, rows*cols)
	v := make([]Poly16, cols)
	for i := range m {
		m[i] = randPoly16(rng)
	}
	for i := range v {
		v[i] = randPoly16(rng)
	}
	want := make([][]int64, rows)
	for i := range rows {
		want[i] = make([]int64, N)
		for j := range cols {
			s := schoolbook(to64(m[i*cols+j][:]), to64(v[j][:]), Q16)
			for c := range s {
				want[i][c] = mod(want[i][c]+s[c], Q16)
			}
		}
	}
	mh, vh := NTTVec16(m), NTTVec16(v)
	dst := make([]Poly16, rows)
	MatVecInverse16(dst, mh, vh)
	dstNTT := make([]NTTPoly16, rows)
	MatVecNTT16(dstNTT, mh, vh)
	for i := range rows {
		assert.Equal(t, want[i], to64(dst[i].Normalize()[:]), "row %d", i)
		assert.Equal(t, want[i], to64(dstNTT[i].InverseNTT().Normalize()[:]), "row %d (NTT)", i)
	}
	assert.Panics(t, func() { MatVecInverse16(dst[:2], mh, vh) }, "shape mismatch")
}

func TestMatVec32(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	const rows, cols = 2, 3
	m := make([]Poly32, rows*cols)
	v := make([]Poly32, cols)
	for i := range m {
		m[i] = randPoly32(rng)
	}
	for i := range v {
		v[i] = randPoly32(rng)
	}
	want := make([][]int64, rows)
	for i := range rows {
		want[i] = make([]int64, N)
		for j := range cols {
			s := schoolbook(to64of32(m[i*cols+j][:]), to64of32(v[j][:]), Q32)
			for c := range s {
				want[i][c] = mod(want[i][c]+s[c], Q32)
			}
		}
	}
	mh, vh := NTTVec32(m), NTTVec32(v)
	dst := make([]Poly32, rows)
	MatVecInverse32(dst, mh, vh)
	dstNTT := make([]NTTPoly32, rows)
	MatVecNTT32(dstNTT, mh, vh)
	for i := range rows {
		assert.Equal(t, want[i], to64of32(dst[i].Normalize()[:]), "row %d", i)
		assert.Equal(t, want[i], to64of32(dstNTT[i].InverseNTT().Normalize()[:]), "row %d (NTT)", i)
	}
}

// TestSetNTT checks that SetNTT transforms into the destination and leaves
// the source as it was, for both moduli, on every backend.
func TestSetNTT(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(31, 32))
		var a Poly16
		for i := range a {
			a[i] = int16(rng.IntN(2*Q16-1) - (Q16 - 1))
		}
		src := a
		var got NTTPoly16
		assert.Same(t, &got, got.SetNTT(&a))
		assert.Equal(t, src, a, "SetNTT changed its source")
		assert.Equal(t, *src.NTT(), got)
	})
	ntttest.ForEachBackend(t, func(t *testing.T) {
		a := randPoly32(rand.New(rand.NewPCG(33, 34)))
		src := a
		var got NTTPoly32
		assert.Same(t, &got, got.SetNTT(&a))
		assert.Equal(t, src, a, "SetNTT changed its source")
		assert.Equal(t, *src.NTT(), got)
	})
}
