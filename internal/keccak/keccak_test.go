package keccak

import (
	"crypto/sha3"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"unsafe"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// interleaved is the number of states a [100]uint64 of the interleaved
// layout holds (lane word i of state l at a[4i+l]).
const interleaved = 4

// permuteScalar applies Keccak-f[1600] to the interleaved states in a whose
// bit is set in active, one after the other, each where it lies.
func permuteScalar(a *[100]uint64, active uint16) {
	for l := range interleaved {
		if active>>l&1 != 0 {
			keccakF1600Stride4((*[97]uint64)(a[l:]))
		}
	}
}

// newStates returns a States, initialised for the kernels selected now,
// whose first group of four interleaved states is s.
func newStates(s [100]uint64) *States {
	x := new(States)
	x.Init()
	*x.group(0) = s
	return x
}

// TestStatesAligned checks that Init places the states on a 64-byte
// boundary and so the scratch space, 800 bytes on, on a 32-byte one and
// the second group, 1600 bytes on, on a 64-byte one, wherever the States
// lies.
func TestStatesAligned(t *testing.T) {
	var xs [8]struct {
		_ [3]uint64 // shifts each States by 8 bytes more than the last
		States
	}
	for i := range xs {
		x := &xs[i].States
		x.InitWide()
		assert.Zero(t, uintptr(unsafe.Pointer(x.group(0)))%64, "States %d", i)
		assert.Zero(t, uintptr(unsafe.Pointer(x.scratch()))%32, "scratch of States %d", i)
		assert.Zero(t, uintptr(unsafe.Pointer(x.group(1)))%64, "second group of States %d", i)
	}
}

// keccakImpl is one Keccak implementation this build and CPU can run: a
// set of kernels of internal/cpu and, with the AVX2 ones, whether the
// four-state permutation runs on the AVX-512VL kernel.
type keccakImpl struct {
	name   string
	k      cpu.Kernels
	avx512 bool
}

// keccakImpls lists the implementations with their own Keccak code that
// this build and CPU can run: avx512 and avx2 where available, and scalar
// (the generic kernels of internal/cpu run the same portable permutation).
func keccakImpls() []keccakImpl {
	var impls []keccakImpl
	if hasAVX512Keccak() {
		impls = append(impls, keccakImpl{"avx512", cpu.AVX2, true})
	}
	if hasAVX2Keccak() {
		impls = append(impls, keccakImpl{"avx2", cpu.AVX2, false})
	}
	return append(impls, keccakImpl{"scalar", cpu.Scalar, false})
}

// use selects the implementation for the whole module and returns the
// function that restores the previous one.
func (i keccakImpl) use(tb testing.TB) (restore func()) {
	tb.Helper()
	restoreKernels, err := cpu.Set(i.k)
	require.NoError(tb, err)
	prev := useAVX512
	useAVX512 = i.avx512
	return func() {
		useAVX512 = prev
		restoreKernels()
	}
}

// forEachKeccak runs f as a subtest ("keccak=avx512", "keccak=avx2",
// "keccak=scalar") once per Keccak implementation this build and CPU can
// run, selected for the whole module. Not for parallel tests.
func forEachKeccak(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, impl := range keccakImpls() {
		t.Run("keccak="+impl.name, func(t *testing.T) {
			defer impl.use(t)()
			f(t)
		})
	}
}

// hasAVX2Keccak reports whether the AVX2 kernel can run here.
func hasAVX2Keccak() bool { return slices.Contains(cpu.Available(), cpu.AVX2) }

// skipWithoutAVX2 skips a test of the AVX2 kernel on machines (or builds)
// without it, unless MODULETTO_REQUIRE_AVX2=1, in which case it fails.
func skipWithoutAVX2(t *testing.T) {
	t.Helper()
	if hasAVX2Keccak() {
		return
	}
	if os.Getenv("MODULETTO_REQUIRE_AVX2") == "1" {
		t.Fatal("MODULETTO_REQUIRE_AVX2=1 but the AVX2 Keccak kernel is not available")
	}
	t.Skip("no AVX2 Keccak kernel in this build or on this CPU")
}

// TestKeccakAVX2Selected fails, rather than skips, when
// MODULETTO_REQUIRE_AVX2=1 and new streams do not use the AVX2 kernel.
func TestKeccakAVX2Selected(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not set to 1")
	}
	var x States
	x.Init()
	assert.True(t, x.avx2, "the States of a new run uses the AVX2 kernels")
}

// fips202rc is rc(t), the LFSR bit of FIPS 202, Algorithm 5.
func fips202rc(t int) uint64 {
	if t%255 == 0 {
		return 1
	}
	R := [9]uint64{1, 0, 0, 0, 0, 0, 0, 0} // R = 10000000
	for range t % 255 {
		copy(R[1:], R[:8]) // R = 0 || R
		R[0] = 0
		R[0] ^= R[8]
		R[4] ^= R[8]
		R[5] ^= R[8]
		R[6] ^= R[8]
	}
	return R[0]
}

// fips202RC is the round constant of round ir, FIPS 202, Algorithm 6:
// RC[2^j − 1] = rc(j + 7·ir) for j = 0…6, all other bits zero.
func fips202RC(ir int) uint64 {
	var RC uint64
	for j := 0; j <= 6; j++ {
		RC |= fips202rc(j+7*ir) << (1<<j - 1)
	}
	return RC
}

// fips202RCs holds fips202RC(ir) for the 24 rounds of Keccak-f[1600].
var fips202RCs = func() (RCs [24]uint64) {
	for ir := range RCs {
		RCs[ir] = fips202RC(ir)
	}
	return RCs
}()

// TestKeccakRoundConstants recomputes keccakRC with Algorithms 5 and 6.
func TestKeccakRoundConstants(t *testing.T) {
	assert.Equal(t, fips202RCs, keccakRC)
}

// fips202KeccakF1600 is Keccak-f[1600] = Keccak-p[1600, 24] transcribed from
// FIPS 202, Sections 3.2 and 3.3, step by step on A[x][y] (lane word x+5y,
// bit z of a lane at 2^z, Section 3.1.2), as the oracle of the fast kernel.
// Each step is the algorithm's formula applied to all 64 bits z of a lane at
// once: a bitwise operation on lanes for θ, χ and ι, and for ρ the rotation
// that A′[x, y, z] = A[x, y, (z − (t+1)(t+2)/2) mod 64] describes.
func fips202KeccakF1600(A [5][5]uint64) [5][5]uint64 {
	rot := func(v uint64, n int) uint64 { return v<<(n%64) | v>>((64-n%64)%64) }
	for ir := range 24 {
		// θ, Algorithm 1.
		var C, D [5]uint64
		for x := range 5 {
			C[x] = A[x][0] ^ A[x][1] ^ A[x][2] ^ A[x][3] ^ A[x][4]
		}
		for x := range 5 {
			D[x] = C[(x+4)%5] ^ rot(C[(x+1)%5], 1)
		}
		for x := range 5 {
			for y := range 5 {
				A[x][y] ^= D[x]
			}
		}
		// ρ, Algorithm 2.
		R := A
		x, y := 1, 0
		for t := range 24 {
			R[x][y] = rot(A[x][y], (t+1)*(t+2)/2)
			x, y = y, (2*x+3*y)%5
		}
		A = R
		// π, Algorithm 3.
		var P [5][5]uint64
		for x := range 5 {
			for y := range 5 {
				P[x][y] = A[(x+3*y)%5][x]
			}
		}
		A = P
		// χ, Algorithm 4.
		var X [5][5]uint64
		for x := range 5 {
			for y := range 5 {
				X[x][y] = A[x][y] ^ (^A[(x+1)%5][y] & A[(x+2)%5][y])
			}
		}
		A = X
		// ι, Algorithm 6.
		A[0][0] ^= fips202RCs[ir]
	}
	return A
}

// TestKeccakF1600MatchesFIPS202 compares the portable kernel, on every lane
// of the interleaved layout, with the FIPS 202 transcription on extreme and
// random states, permuting the first n = 1…4 states: those must match the
// oracle and the others must stay as they were.
func TestKeccakF1600MatchesFIPS202(t *testing.T) {
	names, states := testStates(t, 200)
	for i, s := range states {
		var want [100]uint64
		for l := range interleaved {
			var A [5][5]uint64
			for x := range 5 {
				for y := range 5 {
					A[x][y] = s[4*(x+5*y)+l]
				}
			}
			A = fips202KeccakF1600(A)
			for x := range 5 {
				for y := range 5 {
					want[4*(x+5*y)+l] = A[x][y]
				}
			}
		}
		for n := 1; n <= interleaved; n++ {
			got := s
			permuteScalar(&got, laneMask(n))
			for l := range interleaved {
				w := want
				if l >= n {
					w = s
				}
				for j := l; j < len(got); j += interleaved {
					if got[j] != w[j] {
						t.Fatalf("%s/n=%d: lane %d word %d = %#x, want %#x", names[i], n, l, j/interleaved, got[j], w[j])
					}
				}
			}
		}
	}
}

// TestFIPS202KeccakF1600MatchesSHA3 checks the FIPS 202 transcription
// itself: SHAKE-128 built on it (the sponge of Algorithm 8 with pad10*1 and
// the SHAKE suffix 1111, Sections 5.1 and 6.2) must squeeze what crypto/sha3
// does, for inputs that end in every part of a block and span several blocks.
func TestFIPS202KeccakF1600MatchesSHA3(t *testing.T) {
	rng := newRand(t)
	for _, m := range []int{0, 1, 8, 34, 166, 167, 168, 169, 400} {
		t.Run(fmt.Sprintf("len=%d", m), func(t *testing.T) {
			in := make([]byte, m)
			for i := range in {
				in[i] = byte(rng.Uint64())
			}
			P := append(slices.Clone(in), 0x1f) // M || 1111 || 1, then zeros
			for len(P)%Rate128 != 0 {
				P = append(P, 0)
			}
			P[len(P)-1] |= 0x80 // the final 1 of pad10*1
			var A [5][5]uint64
			for b := 0; b < len(P); b += Rate128 {
				for i := range Rate128 / 8 {
					A[i%5][i/5] ^= binary.LittleEndian.Uint64(P[b+8*i:])
				}
				A = fips202KeccakF1600(A)
			}
			var got []byte
			for range 3 {
				for i := range Rate128 / 8 {
					got = binary.LittleEndian.AppendUint64(got, A[i%5][i/5])
				}
				A = fips202KeccakF1600(A)
			}
			want := make([]byte, len(got))
			h := sha3.NewSHAKE128()
			h.Write(in)
			h.Read(want)
			assert.Equal(t, want, got)
		})
	}
}

// shakeInputLens are the input lengths the SHAKE test absorbs: every kind
// of final block from 0 to 3 blocks of both rates, and the sampler inputs
// (33 bytes for PRF_η, 34 for SampleNTT/RejNTTPoly, 66 for ExpandS/Mask).
var shakeInputLens = []int{0, 1, 7, 8, 33, 34, 66, 135, 136, 137, 167, 168, 169,
	271, 272, 273, 335, 336, 337, 407, 408, 409, 503, 504, 505}

// TestShakeX4MatchesSHA3 compares every output byte of every lane with
// crypto/sha3, for both XOFs, lanes with different inputs, 1 to all the lanes in use,
// many squeezed blocks, and reads that start and end inside blocks.
func TestShakeX4MatchesSHA3(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		rng := newRand(t)
		for _, xof := range []struct {
			name string
			rate int
			ref  func() *sha3.SHAKE
		}{{"SHAKE-128", Rate128, sha3.NewSHAKE128}, {"SHAKE-256", Rate256, sha3.NewSHAKE256}} {
			for _, m := range shakeInputLens {
				t.Run(fmt.Sprintf("%s/len=%d", xof.name, m), func(t *testing.T) {
					for n := 1; n <= LanesInUse(); n++ {
						var in [MaxLanes][]byte
						var want [MaxLanes][]byte
						for l := range n {
							in[l] = make([]byte, m)
							for i := range in[l] {
								in[l][i] = byte(rng.Uint64())
							}
							h := xof.ref()
							h.Write(in[l])
							want[l] = make([]byte, 7*xof.rate)
							h.Read(want[l])
						}
						checkBlocks(t, n, in[:n], want[:n], xof.rate)
						checkReads(t, n, in[:n], want[:n], xof.rate)
					}
				})
			}
		}
	})
}

// checkBlocks squeezes 7 blocks with squeezeBlocks, every lane active.
func checkBlocks(t *testing.T, n int, in, want [][]byte, rate int) {
	var x sponge
	absorbRate(&x, in, rate)
	var blocks [MaxLanes][Rate128]byte
	for b := range 7 {
		x.squeezeBlocks(&blocks, laneMask(n))
		for l := range n {
			require.Equal(t, want[l][b*rate:(b+1)*rate], blocks[l][:rate], "Lanes=%d lane %d block %d", n, l, b)
		}
	}
}

// checkReads reads the same 7 blocks in chunks of sizes that cross block
// and word boundaries.
func checkReads(t *testing.T, n int, in, want [][]byte, rate int) {
	var x sponge
	absorbRate(&x, in, rate)
	var got [MaxLanes][]byte
	for l := range n {
		got[l] = make([]byte, len(want[l]))
	}
	chunks := []int{1, 7, 8, 13, 128, 192, 200, 64}
	for done, c := 0, 0; done < len(want[0]); c++ {
		k := min(chunks[c%len(chunks)], len(want[0])-done)
		var outs [MaxLanes][]byte
		for l := range n {
			outs[l] = got[l][done : done+k]
		}
		x.read(outs[:n])
		done += k
	}
	for l := range n {
		require.Equal(t, want[l], got[l], "Lanes=%d lane %d", n, l)
	}
}

func absorbRate(x *sponge, in [][]byte, rate int) {
	if rate == Rate128 {
		x.absorb128(in)
	} else {
		x.absorb256(in)
	}
}

// TestShakeX4Clear checks that clear leaves no state behind.
func TestShakeX4Clear(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		var x sponge
		x.absorb256([][]byte{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}}[:LanesInUse()])
		var out [MaxLanes][Rate128]byte
		x.squeezeBlocks(&out, laneMask(LanesInUse()))
		x.Clear()
		assert.Equal(t, [len(x.buf)]uint64{}, x.buf, "states and scratch")
	})
}

// extremeStates returns named four-lane states: all zero, all ones, a
// single set bit at every one of the 1600 positions (in lane position%4, and
// in all four lanes), and lanes holding different patterns.
func extremeStates() (names []string, states [][100]uint64) {
	add := func(name string, s [100]uint64) {
		names = append(names, name)
		states = append(states, s)
	}
	add("zero", [100]uint64{})
	var ones [100]uint64
	for i := range ones {
		ones[i] = ^uint64(0)
	}
	add("ones", ones)
	for bit := range 1600 {
		var one, all [100]uint64
		one[4*(bit/64)+bit%4] = 1 << (bit % 64)
		for l := range 4 {
			all[4*(bit/64)+l] = 1 << (bit % 64)
		}
		add(fmt.Sprintf("bit=%d/lane=%d", bit, bit%4), one)
		add(fmt.Sprintf("bit=%d/Lanes=all", bit), all)
	}
	var mixed [100]uint64
	for i := range 25 {
		mixed[4*i+1] = ^uint64(0)
		mixed[4*i+2] = 0x8000000000000001
		mixed[4*i+3] = uint64(i) * 0x0101010101010101
	}
	add("Lanes=zero,ones,ends,bytes", mixed)
	return names, states
}

// testStates returns the extreme states followed by random ones
// ("random=0", …) drawn from the test's seed.
func testStates(t *testing.T, random int) (names []string, states [][100]uint64) {
	names, states = extremeStates()
	rng := newRand(t)
	for i := range random {
		var s [100]uint64
		for j := range s {
			s[j] = rng.Uint64()
		}
		names = append(names, fmt.Sprintf("random=%d", i))
		states = append(states, s)
	}
	return names, states
}

// TestKeccakF1600x4AVX2MatchesScalar compares the AVX2 kernel with its
// scalar twin, permuteScalar, on extreme and random states.
func TestKeccakF1600x4AVX2MatchesScalar(t *testing.T) {
	skipWithoutAVX2(t)
	names, states := testStates(t, 500)
	for i, s := range states {
		want, got := s, s
		var tmp [100]uint64
		permuteScalar(&want, laneMask(interleaved))
		permuteAVX2(&got, &tmp)
		if !assert.Equal(t, want, got, names[i]) {
			return
		}
	}
}

// hasAVX512Keccak reports whether the AVX-512VL kernel can run here.
func hasAVX512Keccak() bool { return hasAVX2Keccak() && cpu.X86HasAVX512 }

// TestKeccakF1600x4AVX512MatchesScalar compares the AVX-512VL kernel with
// its scalar twin, permuteScalar, on extreme and random states, permuted
// once and twice in a row.
func TestKeccakF1600x4AVX512MatchesScalar(t *testing.T) {
	if !hasAVX512Keccak() {
		t.Skip("the CPU has no AVX-512F and AVX-512VL, or the build no assembly: the kernel cannot run here")
	}
	names, states := testStates(t, 500)
	for i, s := range states {
		want, got := s, s
		for n := 1; n <= 2; n++ {
			permuteScalar(&want, laneMask(interleaved))
			permuteAVX512(&got)
			if !assert.Equal(t, want, got, "%s, %d permutations", names[i], n) {
				return
			}
		}
	}
}

// TestKeccakF1600x5AVX512MatchesScalar compares the five-state AVX-512VL
// kernel with its scalar twin, keccakF1600Stride4 on each state, on
// extreme and random states, permuted once and twice in a row: the four
// interleaved ones, and a fifth made of each of their lanes in turn. The
// fifth state's words between its lane words must stay as they were.
func TestKeccakF1600x5AVX512MatchesScalar(t *testing.T) {
	if !hasAVX512Keccak() {
		t.Skip("the CPU has no AVX-512F and AVX-512VL, or the build no assembly: the kernel cannot run here")
	}
	names, states := testStates(t, 500)
	for i, s := range states {
		l := i % interleaved
		var fifth [97]uint64
		for j := range fifth {
			fifth[j] = s[j+l] ^ uint64(j%4) // words off the lane words are nonzero
		}
		want, got := s, s
		want5, got5 := fifth, fifth
		var e [97]uint64
		for n := 1; n <= 2; n++ {
			permuteScalar(&want, laneMask(interleaved))
			keccakF1600Stride4(&want5)
			permuteAVX512x5(&got, &got5, &e)
			if !assert.Equal(t, want, got, "%s, %d permutations", names[i], n) ||
				!assert.Equal(t, want5, got5, "fifth state from lane %d of %s, %d permutations", l, names[i], n) {
				return
			}
		}
	}
}

// TestKeccakF1600x8AVX512MatchesScalar compares the eight- and nine-state
// AVX-512 kernels with their scalar twin, keccakF1600Stride4 on each state,
// on extreme and random states, permuted once and twice in a row: two
// groups (the test state and another one, the test state reversed word by
// word) and, for the nine-state kernel, a ninth made of each lane of the
// first in turn. The ninth state's words between its lane words must stay
// as they were.
func TestKeccakF1600x8AVX512MatchesScalar(t *testing.T) {
	if !hasAVX512Keccak() {
		t.Skip("the CPU has no AVX-512F and AVX-512VL, or the build no assembly: the kernel cannot run here")
	}
	names, states := testStates(t, 300)
	for i, s := range states {
		var s2 [100]uint64
		for j := range s2 {
			s2[j] = s[len(s)-1-j]
		}
		l := i % interleaved
		var ninthState [97]uint64
		for j := range ninthState {
			ninthState[j] = s[j+l] ^ uint64(j%4) // words off the lane words are nonzero
		}
		want, want2, want9 := s, s2, ninthState
		got, got2 := s, s2                      // the eight-state kernel
		got9a, got9b, got9 := s, s2, ninthState // the nine-state kernel
		var e [97]uint64
		for n := 1; n <= 2; n++ {
			permuteScalar(&want, laneMask(interleaved))
			permuteScalar(&want2, laneMask(interleaved))
			keccakF1600Stride4(&want9)
			permuteAVX512x8(&got, &got2)
			permuteAVX512x9(&got9a, &got9b, &got9, &e)
			if !assert.Equal(t, want, got, "x8 first group, %s, %d permutations", names[i], n) ||
				!assert.Equal(t, want2, got2, "x8 second group, %s, %d permutations", names[i], n) ||
				!assert.Equal(t, want, got9a, "x9 first group, %s, %d permutations", names[i], n) ||
				!assert.Equal(t, want2, got9b, "x9 second group, %s, %d permutations", names[i], n) ||
				!assert.Equal(t, want9, got9, "x9 ninth state from lane %d of %s, %d permutations", l, names[i], n) {
				return
			}
		}
	}
}

// TestKeccakAVX512Selected checks that a new States uses the AVX-512VL
// kernels exactly when the AVX2 kernels are selected on a CPU that has
// it, and then offers nine lanes if InitWide gave it a second group; four
// otherwise.
func TestKeccakAVX512Selected(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		var x States
		x.Init()
		on := cpu.AVX2Kernels() && useAVX512
		assert.Equal(t, on, x.avx512)
		assert.Equal(t, 4, x.Lanes())
		x.InitWide()
		assert.Equal(t, on, x.avx512)
		assert.Equal(t, map[bool]int{false: 4, true: 9}[on], x.Lanes())
		assert.Equal(t, x.Lanes(), LanesInUse())
		assert.False(t, useAVX512 && !cpu.X86HasAVX512, "useAVX512 without the CPU feature")
	})
}

// TestStatesPermuteLanes checks States.Permute with every set of active
// lanes, on random states, with each implementation: every active lane's
// state is permuted as keccakF1600Stride4 permutes it alone; an idle
// interleaved lane's is permuted too where the AVX2 kernels permute several
// lanes and its group has an active one (they permute whole groups), and
// an idle lane's is left as it was otherwise, but for the ninth lane's
// when lane 3 or 7 is permuted alone (the scratch space the ninth lane
// lives in; see States).
func TestStatesPermuteLanes(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		rng := newRand(t)
		var x States
		x.InitWide()
		n := x.Lanes()
		for active := uint16(1); active < 1<<n; active++ {
			for i := range x.buf {
				x.buf[i] = rng.Uint64()
			}
			var before [MaxLanes][97]uint64
			for l := range n {
				before[l] = *x.lane(l)
			}
			x.Permute(active)
			for l := range n {
				want := before[l]
				groupActive := l != ninth && active>>(l&^3)&0xf != 0
				switch {
				case active>>l&1 != 0, x.avx2 && active&(active-1) != 0 && groupActive:
					keccakF1600Stride4(&want)
				case l == ninth && (active == 1<<3 || active == 1<<7):
					continue
				}
				got := x.lane(l)
				for w := 0; w < len(want); w += 4 {
					if got[w] != want[w] {
						t.Fatalf("active %09b: lane %d word %d = %#x, want %#x", active, l, w/4, got[w], want[w])
					}
				}
			}
		}
	})
}

// loneKernel is a kernel that permutes the state of one lane in place.
type loneKernel struct {
	name    string
	permute func(s, e *[97]uint64)
}

// loneKernels lists the lone-lane kernels this build and CPU can run: the
// BMI one with the AVX2 kernels, and the AVX-512 one where the CPU has
// AVX-512VL.
func loneKernels() []loneKernel {
	var ks []loneKernel
	if hasAVX2Keccak() {
		ks = append(ks, loneKernel{"bmi", permuteLone})
	}
	if hasAVX512Keccak() {
		ks = append(ks, loneKernel{"avx512", permuteLoneAVX512})
	}
	return ks
}

// TestKeccakF1600Stride4LoneMatchesScalar compares the kernels that
// permute a lone lane (BMI, and BMI with AVX-512VL) with their twin,
// keccakF1600Stride4, on every lane of extreme and random states, permuted
// once and twice in a row: the lane must match and the other three lanes,
// of the state and of the scratch space, must stay as they were.
func TestKeccakF1600Stride4LoneMatchesScalar(t *testing.T) {
	skipWithoutAVX2(t)
	names, states := testStates(t, 200)
	for _, k := range loneKernels() {
		for i, s := range states {
			for l := range interleaved {
				want, got := s, s
				var tmp [100]uint64
				for n := 1; n <= 2; n++ {
					keccakF1600Stride4((*[97]uint64)(want[l:]))
					k.permute((*[97]uint64)(got[l:]), (*[97]uint64)(tmp[l:]))
					if !assert.Equal(t, want, got, "%s: %s/lane=%d, %d permutations", k.name, names[i], l, n) {
						return
					}
				}
				for j := range tmp {
					if j%interleaved != l && tmp[j] != 0 {
						t.Fatalf("%s: %s/lane=%d: scratch word %d of another lane written", k.name, names[i], l, j)
					}
				}
			}
		}
	}
}

// TestKeccakExtractX4AVX2MatchesScalar compares the AVX2 transpose that
// squeezeBlocks uses with States.Extract, lane by lane, for every word count
// up to the SHAKE-128 rate (17 and 21 are the ones in use), on extreme and
// random states.
func TestKeccakExtractX4AVX2MatchesScalar(t *testing.T) {
	skipWithoutAVX2(t)
	names, states := testStates(t, 50)
	for i, s := range states {
		for words := 0; words <= Rate128/8; words++ {
			x := newStates(s)
			var want, got [interleaved][Rate128]byte
			for j := range got {
				for k := range got[j] {
					got[j][k], want[j][k] = 0xa5, 0xa5 // bytes past words·8 stay untouched
				}
			}
			for l := range interleaved {
				x.Extract(l, 0, want[l][:8*words])
			}
			extractAVX2(&s, &got, words)
			if !assert.Equal(t, want, got, "%s/words=%d", names[i], words) {
				return
			}
		}
	}
}

// FuzzKeccakF1600x4 compares the AVX2, AVX-512 (where the CPU has it) and
// lone-lane kernels with their scalar twins on states filled from the
// fuzzer's bytes (repeated to 3200 bytes): the four-state AVX2 and AVX-512
// and the five-, eight- and nine-state AVX-512 permutations (the fifth or
// ninth state is the words from index 1 on, the second group the words in
// reverse order) applied 1 to 4 times in a row, the lone-lane
// permutations of one lane, then the extraction of rounds mod 22 lane
// words.
func FuzzKeccakF1600x4(f *testing.F) {
	f.Add([]byte{0}, uint8(1))
	f.Add([]byte{0xff, 0x00, 0x80, 0x01}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, rounds uint8) {
		if !hasAVX2Keccak() {
			t.Skip("no AVX2 Keccak kernel in this build or on this CPU")
		}
		var s [100]uint64
		for i := range 8 * len(s) {
			if len(data) > 0 {
				s[i/8] |= uint64(data[i%len(data)]^byte(i/len(data))) << (8 * (i % 8))
			}
		}
		want, got, got512, got512x5, got512x8, got512x9 := s, s, s, s, s, s
		want5, got5, got9 := *(*[97]uint64)(s[1:]), *(*[97]uint64)(s[1:]), *(*[97]uint64)(s[1:]) // a fifth (ninth) state
		var wantB, gotB, gotB9 [100]uint64                                                       // a second group: s reversed word by word
		for j := range wantB {
			wantB[j] = s[len(s)-1-j]
		}
		gotB, gotB9 = wantB, wantB
		var tmp [100]uint64
		var e [97]uint64
		for range 1 + rounds%4 {
			permuteScalar(&want, laneMask(interleaved))
			permuteScalar(&wantB, laneMask(interleaved))
			keccakF1600Stride4(&want5)
			permuteAVX2(&got, &tmp)
			if hasAVX512Keccak() {
				permuteAVX512(&got512)
				permuteAVX512x5(&got512x5, &got5, &e)
				permuteAVX512x8(&got512x8, &gotB)
				permuteAVX512x9(&got512x9, &gotB9, &got9, &e)
			}
		}
		if want != got {
			t.Fatalf("AVX2 Keccak-f[1600]x4 differs from the scalar twin on %x", data)
		}
		if hasAVX512Keccak() && want != got512 {
			t.Fatalf("AVX-512 Keccak-f[1600]x4 differs from the scalar twin on %x", data)
		}
		if hasAVX512Keccak() && (want != got512x5 || want5 != got5) {
			t.Fatalf("AVX-512 Keccak-f[1600]x5 differs from the scalar twin on %x", data)
		}
		if hasAVX512Keccak() && (want != got512x8 || wantB != gotB) {
			t.Fatalf("AVX-512 Keccak-f[1600]x8 differs from the scalar twin on %x", data)
		}
		if hasAVX512Keccak() && (want != got512x9 || wantB != gotB9 || want5 != got9) {
			t.Fatalf("AVX-512 Keccak-f[1600]x9 differs from the scalar twin on %x", data)
		}
		l := int(rounds/4) % interleaved // and the lone-lane kernels on one lane
		keccakF1600Stride4((*[97]uint64)(want[l:]))
		for _, k := range loneKernels() {
			lone := got
			var tmp1 [100]uint64
			k.permute((*[97]uint64)(lone[l:]), (*[97]uint64)(tmp1[l:]))
			if want != lone {
				t.Fatalf("%s Keccak-f[1600] of lane %d differs from keccakF1600Stride4 on %x", k.name, l, data)
			}
		}
		got = want // the lone kernels permuted copies
		words := int(rounds) % (Rate128/8 + 1)
		var wantOut, gotOut [interleaved][Rate128]byte
		x := newStates(want)
		for l := range interleaved {
			x.Extract(l, 0, wantOut[l][:8*words])
		}
		extractAVX2(&got, &gotOut, words)
		if wantOut != gotOut {
			t.Fatalf("AVX2 extraction of %d words differs from States.Extract on %x", words, data)
		}
	})
}

// keccakBenchStates is a fixed nonzero input for the permutation benchmarks.
func keccakBenchStates() (s [100]uint64) {
	rng := rand.NewChaCha8([32]byte{})
	for i := range s {
		s[i] = rng.Uint64()
	}
	return s
}

// BenchmarkKeccakF1600x4 times one permutation of four states.
func BenchmarkKeccakF1600x4(b *testing.B) { benchmarkPermute(b, laneMask(interleaved)) }

// BenchmarkKeccakF1600Lone times one permutation of a lone state (the
// chains of G, H and J that no other state runs beside): the BMI and
// AVX-512VL kernel with impl=avx512, the BMI kernel with impl=avx2, the
// compiled twin with impl=scalar.
func BenchmarkKeccakF1600Lone(b *testing.B) { benchmarkPermute(b, 1) }

// benchmarkPermute times States.Permute(active) with each kernel set.
func benchmarkPermute(b *testing.B, active uint16) {
	for _, impl := range keccakImpls() {
		b.Run("impl="+impl.name, func(b *testing.B) {
			defer impl.use(b)()
			x := newStates(keccakBenchStates())
			b.ReportAllocs()
			for b.Loop() {
				x.Permute(active)
			}
		})
	}
}

// BenchmarkSHAKE128x4 times four SHAKE-128 streams of a 34-byte input
// (SampleNTT's) squeezed for 3 blocks each: what four SampleNTT jobs of
// SampleMatrix cost in Keccak. impl=crypto-sha3 is the same on four
// crypto/sha3 XOFs.
func BenchmarkSHAKE128x4(b *testing.B) {
	var seeds [interleaved][34]byte
	for l := range seeds {
		seeds[l][32] = byte(l)
	}
	in := [][]byte{seeds[0][:], seeds[1][:], seeds[2][:], seeds[3][:]}
	for _, impl := range keccakImpls() {
		b.Run("impl="+impl.name, func(b *testing.B) {
			defer impl.use(b)()
			var out [MaxLanes][Rate128]byte
			b.ReportAllocs()
			for b.Loop() {
				var x sponge
				x.absorb128(in)
				for range 3 {
					x.squeezeBlocks(&out, laneMask(interleaved))
				}
			}
		})
	}
	b.Run("impl=crypto-sha3", func(b *testing.B) {
		var out [Rate128]byte
		b.ReportAllocs()
		for b.Loop() {
			for l := range interleaved {
				h := sha3.NewSHAKE128()
				h.Write(in[l])
				for range 3 {
					h.Read(out[:])
				}
			}
		}
	})
}
