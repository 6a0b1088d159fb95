package sample_test

import (
	"crypto/sha3"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// Moduli for the generic samplers: NewHope's 12289, 7681 (an NTT prime for
// n = 256), a tiny 17 (one byte per candidate) and the Mersenne prime
// 2^31 − 1 (the largest modulus, four bytes per candidate); 5 for the
// η < q check.
type (
	q12289 struct{}
	q7681  struct{}
	q17    struct{}
	q2p31  struct{}
	q5     struct{}
)

var (
	p12289 = field.MustParams(12289)
	p7681  = field.MustParams(7681)
	p17    = field.MustParams(17)
	p2p31  = field.MustParams(1<<31 - 1)
	p5     = field.MustParams(5)
)

func (q12289) Params() *field.Params { return p12289 }
func (q7681) Params() *field.Params  { return p7681 }
func (q17) Params() *field.Params    { return p17 }
func (q2p31) Params() *field.Params  { return p2p31 }
func (q5) Params() *field.Params     { return p5 }

// xofBytes returns the first k bytes of SHAKE(seed‖nonce_lo‖nonce_hi), read in
// one piece (the samplers read block by block).
func xofBytes(h *sha3.SHAKE, seed []byte, nonce uint16, k int) []byte {
	h.Write(append(append([]byte{}, seed...), byte(nonce), byte(nonce>>8)))
	out := make([]byte, k)
	h.Read(out)
	return out
}

// oracleUniform transcribes the rejection sampler of sample.Uniform plainly:
// candidates are ⌈b/8⌉-byte little-endian integers of the stream, taken
// mod 2^b with math/big, kept if below q.
func oracleUniform(q uint32, n int, seed []byte, nonce uint16) []uint32 {
	b := bits.Len32(q)
	w := (b + 7) / 8
	stream := xofBytes(sha3.NewSHAKE128(), seed, nonce, 1<<16)
	var out []uint32
	for off := 0; len(out) < n; off += w {
		le := make([]byte, w)
		for k := range w {
			le[w-1-k] = stream[off+k] // big.Int wants big-endian bytes
		}
		x := new(big.Int).SetBytes(le)
		x.Mod(x, new(big.Int).Lsh(big.NewInt(1), uint(b)))
		if x.Cmp(big.NewInt(int64(q))) < 0 {
			out = append(out, uint32(x.Uint64()))
		}
	}
	return out
}

// oracleCBD transcribes SamplePolyCBD_η (FIPS 203, Algorithm 8) for any η:
// BytesToBits (Algorithm 4) of the SHAKE-256 stream, then x − y mod q.
func oracleCBD(q uint32, n int, seed []byte, nonce uint16, eta int) []uint32 {
	stream := xofBytes(sha3.NewSHAKE256(), seed, nonce, (2*eta*n+7)/8)
	bit := func(i int) int { return int(stream[i/8] >> (i % 8) & 1) }
	out := make([]uint32, n)
	for i := range n {
		x, y := 0, 0
		for j := range eta {
			x += bit(2*i*eta + j)
			y += bit(2*i*eta + eta + j)
		}
		out[i] = uint32(((x-y)%int(q) + int(q)) % int(q))
	}
	return out
}

func values[M field.Modulus](p []field.ModN[M]) []uint32 {
	out := make([]uint32, len(p))
	for i, c := range p {
		out[i] = c.Value()
	}
	return out
}

func testSeed(i int) []byte {
	return []byte(fmt.Sprintf("moduletto generic sampler seed %d", i))
}

func checkUniform[M field.Modulus](t *testing.T, n int) {
	var m M
	q := m.Params().Q()
	t.Run(fmt.Sprintf("q=%d/n=%d", q, n), func(t *testing.T) {
		for i := range 8 {
			nonce := uint16(i * 0x0101)
			dst := make([]field.ModN[M], n)
			sample.Uniform(dst, testSeed(i), nonce)
			assert.Equal(t, oracleUniform(q, n, testSeed(i), nonce), values(dst), "seed %d", i)
		}
	})
}

func TestUniformMatchesOracle(t *testing.T) {
	checkUniform[q12289](t, 1024)
	checkUniform[q12289](t, 1)
	checkUniform[q7681](t, 256)
	checkUniform[q17](t, 300)
	checkUniform[q2p31](t, 512)
	checkUniform[field.Q3329](t, 256)
	checkUniform[field.Q8380417](t, 256)
}

func checkCBD[M field.Modulus](t *testing.T, n, eta int) {
	var m M
	q := m.Params().Q()
	t.Run(fmt.Sprintf("q=%d/n=%d/eta=%d", q, n, eta), func(t *testing.T) {
		for i := range 4 {
			nonce := uint16(i * 0x0301)
			dst := make([]field.ModN[M], n)
			sample.CenteredBinomial(dst, testSeed(i), nonce, eta)
			assert.Equal(t, oracleCBD(q, n, testSeed(i), nonce, eta), values(dst), "seed %d", i)
		}
	})
}

func TestCenteredBinomialMatchesOracle(t *testing.T) {
	for eta := 1; eta <= sample.MaxEta; eta++ {
		checkCBD[q12289](t, 1024, eta)
	}
	checkCBD[q7681](t, 256, 4)
	checkCBD[q17](t, 100, 16) // values up to ±16 wrap mod 17
	checkCBD[q2p31](t, 256, 8)
	checkCBD[field.Q8380417](t, 256, 2)
	checkCBD[q12289](t, 3, 5) // a length that ends inside a byte
	checkCBD[q5](t, 64, 4)    // η = q − 1: every value wraps into [0, q)
}

// TestCenteredBinomialMatchesSampleNoise checks the generic sampler against
// the FIPS 203 one (itself checked against CCTV vectors): with seed = σ[:31]
// and nonce = σ[31] | b<<8, the stream SHAKE-256(seed‖nonce) is exactly
// PRF_η(σ, b) = SHAKE-256(σ‖b).
func TestCenteredBinomialMatchesSampleNoise(t *testing.T) {
	for _, eta := range []int{2, 3} {
		t.Run(fmt.Sprintf("q=3329/n=256/eta=%d", eta), func(t *testing.T) {
			for i := range 16 {
				var sigma [32]byte
				copy(sigma[:], testSeed(i))
				b := byte(17 * i)
				var want poly.Poly16
				sample.SampleNoise(&want, &sigma, b, eta)
				got := make([]field.ModN[field.Q3329], 256)
				sample.CenteredBinomial(got, sigma[:31], uint16(sigma[31])|uint16(b)<<8, eta)
				for j := range 256 {
					require.Equal(t, uint32(want[j]), got[j].Value(), "σ %d, b %d, coefficient %d", i, b, j)
				}
			}
		})
	}
}

func TestCenteredBinomialPanics(t *testing.T) {
	dst := make([]field.ModN[q12289], 16)
	for _, eta := range []int{-1, 0, sample.MaxEta + 1} {
		assert.Panics(t, func() { sample.CenteredBinomial(dst, nil, 0, eta) }, "η = %d", eta)
	}
	// η must be below q, or x − y + q could leave [0, q).
	small := make([]field.ModN[q5], 16)
	assert.Panics(t, func() { sample.CenteredBinomial(small, nil, 0, 5) }, "η = 5, q = 5")
	assert.NotPanics(t, func() { sample.CenteredBinomial(small, nil, 0, 4) }, "η = 4, q = 5")
}

// chiSquare returns Σ (observed − expected)² / expected.
func chiSquare(observed []int, expected []float64) float64 {
	var s float64
	for i, o := range observed {
		d := float64(o) - expected[i]
		s += d * d / expected[i]
	}
	return s
}

// TestUniformDistribution draws 2^18 coefficients mod 12289 and compares
// their counts in 64 intervals with the uniform expectation. For 63 degrees
// of freedom the χ² statistic exceeds 120 with probability below 10^−5;
// the seeds are fixed, so the test is deterministic.
func TestUniformDistribution(t *testing.T) {
	const q, buckets, polys, n = 12289, 64, 256, 1024
	counts := make([]int, buckets)
	dst := make([]field.ModN[q12289], n)
	for i := range polys {
		sample.Uniform(dst, testSeed(1000), uint16(i))
		for _, c := range dst {
			require.Less(t, c.Value(), uint32(q))
			counts[int(c.Value())*buckets/q]++
		}
	}
	expected := make([]float64, buckets)
	for v := range q {
		expected[v*buckets/q] += float64(polys*n) / q
	}
	assert.Less(t, chiSquare(counts, expected), 120.0)
}

// TestCenteredBinomialDistribution compares the histogram of 2^18 samples
// with the binomial law P(k) = C(2η, η+k)/4^η, and checks mean 0 and
// variance η/2 to within 2% of η/2 (the standard error is about 0.3%).
// Outcomes with expectation below 5 are pooled into the tails.
func TestCenteredBinomialDistribution(t *testing.T) {
	const q, polys, n = 12289, 256, 1024
	for _, eta := range []int{1, 2, 3, 8, 16} {
		t.Run(fmt.Sprintf("q=12289/eta=%d", eta), func(t *testing.T) {
			counts := make([]int, 2*eta+1)
			var sum, sumSq float64
			dst := make([]field.ModN[q12289], n)
			for i := range polys {
				sample.CenteredBinomial(dst, testSeed(2000+eta), uint16(i), eta)
				for _, c := range dst {
					v := int(c.Value())
					if v > q/2 {
						v -= q
					}
					require.LessOrEqual(t, max(v, -v), eta)
					counts[v+eta]++
					sum += float64(v)
					sumSq += float64(v * v)
				}
			}
			total := float64(polys * n)
			expected := make([]float64, 2*eta+1)
			for k := range expected {
				c, _ := new(big.Float).SetInt(new(big.Int).Binomial(int64(2*eta), int64(k))).Float64()
				expected[k] = total * c / math.Pow(4, float64(eta))
			}
			// Pool the tails symmetrically until each cell expects ≥ 5.
			lo := 0
			for expected[lo] < 5 {
				expected[lo+1] += expected[lo]
				counts[lo+1] += counts[lo]
				lo++
			}
			hi := len(expected) - 1 - lo
			for k := len(expected) - 1; k > hi; k-- {
				expected[hi] += expected[k]
				counts[hi] += counts[k]
			}
			// χ² with hi−lo degrees of freedom (at most 32): 80 is far
			// beyond its 10^−5 quantile.
			assert.Less(t, chiSquare(counts[lo:hi+1], expected[lo:hi+1]), 80.0)
			mean := sum / total
			assert.InDelta(t, 0, mean, 0.01*float64(eta))
			assert.InDelta(t, float64(eta)/2, sumSq/total-mean*mean, 0.02*float64(eta)/2)
		})
	}
}

func TestGenericSamplersZeroAllocations(t *testing.T) {
	dst := make([]field.ModN[q12289], 1024)
	seed := testSeed(0)
	assert.Zero(t, testing.AllocsPerRun(20, func() { sample.Uniform(dst, seed, 1) }), "Uniform")
	assert.Zero(t, testing.AllocsPerRun(20, func() { sample.CenteredBinomial(dst, seed, 1, 8) }), "CenteredBinomial")
}

func BenchmarkUniform(b *testing.B) {
	b.Run("q=12289/n=1024", func(b *testing.B) { benchUniform[q12289](b, 1024) })
	b.Run("q=7681/n=256", func(b *testing.B) { benchUniform[q7681](b, 256) })
}

func benchUniform[M field.Modulus](b *testing.B, n int) {
	dst := make([]field.ModN[M], n)
	seed := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sample.Uniform(dst, seed, 0)
	}
}

func BenchmarkCenteredBinomial(b *testing.B) {
	for _, c := range []struct{ n, eta int }{{1024, 8}, {256, 2}, {256, 4}} {
		b.Run(fmt.Sprintf("q=12289/n=%d/eta=%d", c.n, c.eta), func(b *testing.B) {
			dst := make([]field.ModN[q12289], c.n)
			seed := make([]byte, 32)
			b.ReportAllocs()
			for b.Loop() {
				sample.CenteredBinomial(dst, seed, 0, c.eta)
			}
		})
	}
}
