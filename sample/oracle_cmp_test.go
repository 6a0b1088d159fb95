package sample

import (
	"crypto/sha3"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// oracleSeeds is how many random seeds each sampler is compared on.
const oracleSeeds = 200

// newRand returns a deterministic generator, so that a failure reproduces.
func newRand(t testing.TB) *rand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], t.Name())
	return rand.NewChaCha8(seed)
}

// ints16 and ints32 return the coefficients of p in FIPS order: an
// NTT-domain polynomial is read through ntt.ToSpecOrder16/32, since its
// in-memory order belongs to the ntt backend.
func ints16[T ~[256]int16](p *T) [256]int {
	c := [256]int16(*p)
	if _, isNTT := any(p).(*poly.NTTPoly16); isNTT {
		ntt.ToSpecOrder16(&c)
	}
	var r [256]int
	for i, x := range c {
		r[i] = int(x)
	}
	return r
}

func ints32[T ~[256]int32](p *T) [256]int {
	c := [256]int32(*p)
	if _, isNTT := any(p).(*poly.NTTPoly32); isNTT {
		ntt.ToSpecOrder32(&c)
	}
	var r [256]int
	for i, x := range c {
		r[i] = int(x)
	}
	return r
}

func TestSampleNTTMatchesOracle(t *testing.T) {
	rng := newRand(t)
	for range oracleSeeds {
		var rho [32]byte
		rng.Read(rho[:])
		j, i := byte(rng.Uint64()), byte(rng.Uint64())
		var got poly.NTTPoly16
		SampleNTT(&got, &rho, j, i)
		want := oracleSampleNTT(append(rho[:], j, i))
		if !assert.Equal(t, want, ints16(&got), "ρ=%x j=%d i=%d", rho, j, i) {
			return
		}
	}
}

func TestSampleMatrixMatchesOracle(t *testing.T) {
	for _, k := range []int{1, 2, 3, 4, 5, 8} {
		for _, transposed := range []bool{false, true} {
			t.Run(fmt.Sprintf("k=%d/transposed=%v", k, transposed), func(t *testing.T) {
				rng := newRand(t)
				for range 5 {
					var rho [32]byte
					rng.Read(rho[:])
					dst := make([]poly.NTTPoly16, k*k)
					SampleMatrix(dst, &rho, k, transposed)
					A := oracleMatrix(rho[:], k)
					for i := range k {
						for j := range k {
							want := A[i][j]
							if transposed {
								want = A[j][i]
							}
							assert.Equal(t, want, ints16(&dst[i*k+j]), "ρ=%x entry (%d,%d)", rho, i, j)
						}
					}
				}
			})
		}
	}
}

func TestSamplePolyCBDMatchesOracle(t *testing.T) {
	for _, eta := range []int{2, 3} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			rng := newRand(t)
			for range oracleSeeds {
				b := make([]byte, 64*eta)
				rng.Read(b)
				var got poly.Poly16
				SamplePolyCBD(&got, b, eta)
				if !assert.Equal(t, oracleCBD(b, eta), ints16(&got), "B=%x", b) {
					return
				}
			}
			// All-zero and all-one bytes: the extremes 0 and q−η… are reached.
			for _, fill := range []byte{0x00, 0xff, 0x0f, 0xf0, 0x55, 0xaa} {
				b := make([]byte, 64*eta)
				for i := range b {
					b[i] = fill
				}
				var got poly.Poly16
				SamplePolyCBD(&got, b, eta)
				assert.Equal(t, oracleCBD(b, eta), ints16(&got), "B filled with %#x", fill)
			}
		})
	}
}

func TestPRFMatchesOracle(t *testing.T) {
	rng := newRand(t)
	for _, eta := range []int{2, 3} {
		var s [32]byte
		rng.Read(s[:])
		b := byte(rng.Uint64())
		got := make([]byte, 64*eta)
		PRF(got, &s, b)
		assert.Equal(t, oraclePRF(s[:], b, eta), got, "η=%d", eta)
	}
}

func TestSampleNoiseMatchesOracle(t *testing.T) {
	for _, eta := range []int{2, 3} {
		for _, count := range []int{1, 2, 3, 4, 5, 8, 9} {
			t.Run(fmt.Sprintf("eta=%d/len=%d", eta, count), func(t *testing.T) {
				rng := newRand(t)
				var sigma [32]byte
				rng.Read(sigma[:])
				n0 := byte(rng.Uint64())
				dst := make([]poly.Poly16, count)
				SampleNoiseVector(dst, &sigma, n0, eta)
				for r := range count {
					want := oracleCBD(oraclePRF(sigma[:], n0+byte(r), eta), eta)
					assert.Equal(t, want, ints16(&dst[r]), "σ=%x N=%d", sigma, n0+byte(r))
					var one poly.Poly16
					SampleNoise(&one, &sigma, n0+byte(r), eta)
					assert.Equal(t, want, ints16(&one), "SampleNoise σ=%x N=%d", sigma, n0+byte(r))
				}
			})
		}
	}
}

func TestRejNTTPolyMatchesOracle(t *testing.T) {
	rng := newRand(t)
	for range oracleSeeds {
		var rho [32]byte
		rng.Read(rho[:])
		s, r := byte(rng.Uint64()), byte(rng.Uint64())
		var got poly.NTTPoly32
		RejNTTPoly(&got, &rho, s, r)
		if !assert.Equal(t, oracleRejNTTPoly(append(rho[:], s, r)), ints32(&got), "ρ=%x s=%d r=%d", rho, s, r) {
			return
		}
	}
}

func TestExpandAMatchesOracle(t *testing.T) {
	// (k, ℓ) of ML-DSA-44, -65, -87, and odd shapes for the grouping.
	for _, kl := range [][2]int{{4, 4}, {6, 5}, {8, 7}, {1, 1}, {3, 1}, {1, 3}} {
		k, l := kl[0], kl[1]
		t.Run(fmt.Sprintf("k=%d/l=%d", k, l), func(t *testing.T) {
			rng := newRand(t)
			var rho [32]byte
			rng.Read(rho[:])
			dst := make([]poly.NTTPoly32, k*l)
			ExpandA(dst, &rho, k, l)
			A := oracleExpandA(rho[:], k, l)
			for r := range k {
				for s := range l {
					assert.Equal(t, A[r][s], ints32(&dst[r*l+s]), "ρ=%x entry (%d,%d)", rho, r, s)
				}
			}
		})
	}
}

func TestRejBoundedPolyMatchesOracle(t *testing.T) {
	for _, eta := range []int{2, 4} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			rng := newRand(t)
			for range oracleSeeds {
				var rho [64]byte
				rng.Read(rho[:])
				nonce := uint16(rng.Uint64())
				var got poly.Poly32
				RejBoundedPoly(&got, &rho, nonce, eta)
				want := oracleRejBoundedPoly(append(rho[:], integerToBytes(int(nonce), 2)...), eta)
				if !assert.Equal(t, want, ints32(&got), "ρ=%x nonce=%d", rho, nonce) {
					return
				}
			}
		})
	}
}

func TestExpandSMatchesOracle(t *testing.T) {
	// (k, ℓ, η) of ML-DSA-44, -65, -87, and short vectors for the grouping.
	for _, c := range [][3]int{{4, 4, 2}, {6, 5, 4}, {8, 7, 2}, {1, 0, 2}, {0, 3, 4}, {2, 3, 2}} {
		k, l, eta := c[0], c[1], c[2]
		t.Run(fmt.Sprintf("k=%d/l=%d/eta=%d", k, l, eta), func(t *testing.T) {
			rng := newRand(t)
			var rho [64]byte
			rng.Read(rho[:])
			s1, s2 := make([]poly.Poly32, l), make([]poly.Poly32, k)
			ExpandS(s1, s2, &rho, eta)
			w1, w2 := oracleExpandS(rho[:], k, l, eta)
			for r := range l {
				assert.Equal(t, w1[r], ints32(&s1[r]), "ρ=%x s1[%d]", rho, r)
			}
			for r := range k {
				assert.Equal(t, w2[r], ints32(&s2[r]), "ρ=%x s2[%d]", rho, r)
			}
		})
	}
}

func TestSampleInBallMatchesOracle(t *testing.T) {
	// τ and len(c̃) = λ/4 of ML-DSA-44, -65, -87, plus the extremes of τ.
	for _, c := range [][2]int{{39, 32}, {49, 48}, {60, 64}, {1, 32}, {64, 32}} {
		tau, size := c[0], c[1]
		t.Run(fmt.Sprintf("tau=%d/ctilde=%d", tau, size), func(t *testing.T) {
			rng := newRand(t)
			for range oracleSeeds {
				cTilde := make([]byte, size)
				rng.Read(cTilde)
				var got, gotBlock poly.Poly32
				SampleInBall(&got, cTilde, tau)
				want := oracleSampleInBall(cTilde, tau)
				if !assert.Equal(t, want, ints32(&got), "c̃=%x", cTilde) {
					return
				}
				// The same with the first block of H(c̃) given.
				first := [rate256]byte(sha3.SumSHAKE256(cTilde, rate256))
				SampleInBallBlock(&gotBlock, cTilde, tau, &first)
				if !assert.Equal(t, want, ints32(&gotBlock), "block form, c̃=%x", cTilde) {
					return
				}
			}
		})
	}
}

// TestBallStreamPastGivenBlock: a stream started from a given first block
// continues, past it, with the following bytes of SHAKE-256(c̃) (the
// shuffle rarely gets there, so this reads the stream directly: every
// byte is ≤ 255 and so accepted).
func TestBallStreamPastGivenBlock(t *testing.T) {
	rng := newRand(t)
	for range 20 {
		cTilde := make([]byte, 48)
		rng.Read(cTilde)
		want := sha3.SumSHAKE256(cTilde, 3*rate256)
		first := [rate256]byte(want)
		var s ballStream
		signs := s.initBlock(&first)
		require.Equal(t, binary.LittleEndian.Uint64(want[:8]), signs)
		for b := 8; b < len(want); b++ {
			require.Equal(t, int(want[b]), s.position(255, cTilde), "byte %d, c̃=%x", b, cTilde)
		}
	}
}

func TestExpandMaskMatchesOracle(t *testing.T) {
	for _, gamma1 := range []int{1 << 17, 1 << 19} {
		for _, l := range []int{1, 4, 5, 7} {
			t.Run(fmt.Sprintf("gamma1=2^%d/l=%d", bitlen(gamma1)-1, l), func(t *testing.T) {
				rng := newRand(t)
				for range 10 {
					var rho [64]byte
					rng.Read(rho[:])
					mu := uint16(rng.Uint64())
					y := make([]poly.Poly32, l)
					ExpandMask(y, &rho, mu, gamma1)
					// Nonces wrap mod 2^16, as IntegerToBytes(μ+r, 2) does.
					want := make([][256]int, l)
					for r := range l {
						want[r] = oracleExpandMask(rho[:], int(mu+uint16(r)), 1, gamma1)[0]
					}
					for r := range l {
						assert.Equal(t, want[r], ints32(&y[r]), "ρ=%x μ=%d r=%d", rho, mu, r)
					}
				}
			})
		}
	}
}

func TestExpandMaskNonceWraps(t *testing.T) {
	var rho [64]byte
	y := make([]poly.Poly32, 3)
	ExpandMask(y, &rho, 0xffff, 1<<17)
	require.Len(t, y, 3)
	assert.Equal(t, oracleExpandMask(rho[:], 0xffff, 1, 1<<17)[0], ints32(&y[0]), "nonce 0xffff")
	assert.Equal(t, oracleExpandMask(rho[:], 0, 1, 1<<17)[0], ints32(&y[1]), "nonce 0xffff+1 wraps to 0")
	assert.Equal(t, oracleExpandMask(rho[:], 1, 1, 1<<17)[0], ints32(&y[2]), "nonce 0xffff+2 wraps to 1")
}

func TestMod5(t *testing.T) {
	for b := range int32(15) {
		assert.Equal(t, b%5, mod5(b), "b=%d", b)
	}
}

func TestWordMask(t *testing.T) {
	for w := range 4 {
		for v := range 4 {
			want := uint64(0)
			if w == v {
				want = ^uint64(0)
			}
			assert.Equal(t, want, wordMask(w, v), "w=%d v=%d", w, v)
		}
	}
}

// TestUnpackMaskMatchesPoly compares the specialised unpackers of ExpandMask
// with poly.BitUnpack (FIPS 204, Algorithm 19) and the oracle transcription
// on random and extreme inputs.
func TestUnpackMaskMatchesPoly(t *testing.T) {
	rng := newRand(t)
	for _, gamma1 := range []int32{1 << 17, 1 << 19} {
		size := 32 * (1 + bitlen(int(gamma1)-1))
		t.Run(fmt.Sprintf("gamma1=%d", gamma1), func(t *testing.T) {
			for n := range 100 {
				v := make([]byte, 640)
				switch n {
				case 0: // all zero: every coefficient is γ1
				case 1: // all ones: every coefficient is γ1 − (2^c − 1) = −γ1 + 1
					for i := range v {
						v[i] = 0xff
					}
				default:
					rng.Read(v)
				}
				var got, want poly.Poly32
				if gamma1 == 1<<17 {
					unpackMask18((*[poly.N]int32)(&got), (*[576]byte)(v[:576]))
				} else {
					unpackMask20((*[poly.N]int32)(&got), (*[640]byte)(v))
				}
				ok := poly.BitUnpack((*[poly.N]int32)(&want), v[:size], gamma1-1, gamma1)
				require.Equal(t, 1, ok, "every c-bit value is at most 2γ1 − 1")
				assert.Equal(t, want, got, "v=%x", v[:size])
				assert.Equal(t, oracleBitUnpack(v[:size], int(gamma1)-1, int(gamma1)), ints32(&got), "oracle, v=%x", v[:size])
			}
		})
	}
}
