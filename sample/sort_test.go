package sample

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// sortLengths are the lengths the sorting tests cover: the small ones,
// powers of two and their neighbours (the AVX2 path pads to a power of
// two between 64 and 1024), primes, and the Streamlined NTRU Prime degrees
// 653, 761 and 857.
var sortLengths = []int{
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 16, 17, 31, 32, 33, 63, 64, 65,
	97, 127, 128, 129, 255, 256, 257, 509, 511, 512, 513, 653, 701, 761, 857,
	1000, 1021, 1023, 1024, 1025, 1031, 2048, 3001,
}

// inputKind fills x with one kind of test input, drawing from rng.
type inputKind struct {
	name string
	fill func(x []uint32, rng *rand.Rand)
}

const maxU32 = math.MaxUint32

var inputKinds = []inputKind{
	{"random", func(x []uint32, rng *rand.Rand) {
		for i := range x {
			x[i] = rng.Uint32()
		}
	}},
	{"zero", func(x []uint32, _ *rand.Rand) { clear(x) }},
	{"max", func(x []uint32, _ *rand.Rand) {
		for i := range x {
			x[i] = maxU32
		}
	}},
	{"extremes", func(x []uint32, rng *rand.Rand) { // equal runs of 0, 1, 2^31, max−1, max
		v := []uint32{0, 1, 1 << 31, maxU32 - 1, maxU32}
		for i := range x {
			x[i] = v[rng.IntN(len(v))]
		}
	}},
	{"runs", func(x []uint32, rng *rand.Rand) { // long runs of equal values
		v := rng.Uint32()
		for i := range x {
			if rng.IntN(16) == 0 {
				v = rng.Uint32()
			}
			x[i] = v
		}
	}},
	{"sorted", func(x []uint32, rng *rand.Rand) {
		for i := range x {
			x[i] = rng.Uint32()
		}
		slices.Sort(x)
	}},
	{"reversed", func(x []uint32, rng *rand.Rand) {
		for i := range x {
			x[i] = rng.Uint32()
		}
		slices.Sort(x)
		slices.Reverse(x)
	}},
	{"low-bits", func(x []uint32, rng *rand.Rand) { // FixedWeight-like words: marked low bits
		for i := range x {
			x[i] = rng.Uint32()&^3 | uint32(rng.IntN(3))
		}
	}},
}

// oracleSortUint32 and oracleSortInt32 sort with the standard library.
func oracleSortUint32(x []uint32) []uint32 {
	y := slices.Clone(x)
	sort.Slice(y, func(i, j int) bool { return y[i] < y[j] })
	return y
}

func oracleSortInt32(x []int32) []int32 {
	y := slices.Clone(x)
	sort.Slice(y, func(i, j int) bool { return y[i] < y[j] })
	return y
}

// randomWords returns n words from a generator seeded with seed.
func randomWords(n int, seed uint64) []uint32 {
	rng := rand.New(rand.NewPCG(seed, seed))
	x := make([]uint32, n)
	for i := range x {
		x[i] = rng.Uint32()
	}
	return x
}

// toInt32 reinterprets the words as int32, so every unsigned test input is
// also a signed one (max becomes −1, 2^31 becomes math.MinInt32).
func toInt32(x []uint32) []int32 {
	y := make([]int32, len(x))
	for i, v := range x {
		y[i] = int32(v)
	}
	return y
}

func TestSortUint32(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, n := range sortLengths {
			for _, k := range inputKinds {
				t.Run(fmt.Sprintf("n=%d/%s", n, k.name), func(t *testing.T) {
					for range 3 {
						x := make([]uint32, n)
						k.fill(x, rng)
						want := oracleSortUint32(x)
						SortUint32(x)
						require.Equal(t, want, x)
					}
				})
			}
		}
	})
}

func TestSortInt32(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		signed := []int32{math.MinInt32, math.MinInt32 + 1, -2, -1, 0, 1, math.MaxInt32 - 1, math.MaxInt32}
		for _, n := range sortLengths {
			for _, k := range inputKinds {
				t.Run(fmt.Sprintf("n=%d/%s", n, k.name), func(t *testing.T) {
					w := make([]uint32, n)
					k.fill(w, rng)
					x := toInt32(w)
					want := oracleSortInt32(x)
					SortInt32(x)
					require.Equal(t, want, x)
				})
			}
			for _, k := range []struct {
				name string
				draw func() int32
			}{
				{"signed-extremes", func() int32 { return signed[rng.IntN(len(signed))] }},
				{"small-signed", func() int32 { return int32(rng.IntN(9)) - 4 }},
			} {
				t.Run(fmt.Sprintf("n=%d/%s", n, k.name), func(t *testing.T) {
					x := make([]int32, n)
					for i := range x {
						x[i] = k.draw()
					}
					want := oracleSortInt32(x)
					SortInt32(x)
					require.Equal(t, want, x)
				})
			}
		}
	})
}

// TestMergeExchangeExhaustive checks the portable network on every 0/1
// input up to length 14: a comparator network sorts every input if and
// only if it sorts every 0/1 input (the 0–1 principle, Knuth, TAOCP Vol. 3,
// Section 5.3.4, Theorem Z).
func TestMergeExchangeExhaustive(t *testing.T) {
	for n := range 15 {
		x := make([]uint32, n)
		for bits := range 1 << n {
			ones := 0
			for i := range x {
				x[i] = uint32(bits >> i & 1)
				ones += int(x[i])
			}
			mergeExchange(x)
			for i, v := range x {
				if want := uint32(0); i >= n-ones {
					want = 1
					if v != want {
						t.Fatalf("n=%d input %b: x[%d] = %d, want %d", n, bits, i, v, want)
					}
				} else if v != want {
					t.Fatalf("n=%d input %b: x[%d] = %d, want %d", n, bits, i, v, want)
				}
			}
		}
	}
}

func TestMinMax(t *testing.T) {
	u := []uint32{0, 1, 2, 1 << 31, maxU32 - 1, maxU32}
	for _, a := range u {
		for _, b := range u {
			lo, hi := minMax(a, b)
			assert.Equal(t, min(a, b), lo, "min(%d, %d)", a, b)
			assert.Equal(t, max(a, b), hi, "max(%d, %d)", a, b)
		}
	}
	s := []int32{math.MinInt32, math.MinInt32 + 1, -1, 0, 1, math.MaxInt32}
	for _, a := range s {
		for _, b := range s {
			lo, hi := minMax(a, b)
			assert.Equal(t, min(a, b), lo, "min(%d, %d)", a, b)
			assert.Equal(t, max(a, b), hi, "max(%d, %d)", a, b)
		}
	}
}

// BenchmarkSortUint32 times the sort of one Short vector's words on each
// kernel path (sub-benchmark names path/n).
func BenchmarkSortUint32(b *testing.B) {
	for _, path := range samplerPaths() {
		for _, n := range []int{653, 761, 857} {
			b.Run(fmt.Sprintf("%s/n=%d", path.name, n), func(b *testing.B) {
				defer setAVX2Samplers(path.avx2)()
				src := randomWords(n, 5)
				x := make([]uint32, n)
				b.ReportAllocs()
				for b.Loop() {
					copy(x, src)
					SortUint32(x)
				}
			})
		}
	}
}

func BenchmarkSortInt32(b *testing.B) {
	for _, path := range samplerPaths() {
		b.Run(path.name+"/n=761", func(b *testing.B) {
			defer setAVX2Samplers(path.avx2)()
			src := toInt32(randomWords(761, 7))
			x := make([]int32, len(src))
			b.ReportAllocs()
			for b.Loop() {
				copy(x, src)
				SortInt32(x)
			}
		})
	}
}
