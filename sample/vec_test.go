package sample

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/moduletto/moduletto/poly"
)

// The AVX2 kernels of sample_amd64.s against their scalar twins (the parse
// and cbd functions with the scalar kernels), on random blocks and on
// blocks built to reach every edge: all candidates accepted or rejected,
// one accepted candidate at each position, every q boundary, every start
// count near the end of the polynomial.

// samplerPath is one way the package can run its samplers.
type samplerPath struct {
	name string
	avx2 bool
}

// samplerPaths lists the paths this build and CPU can run, the default
// first.
func samplerPaths() []samplerPath {
	paths := []samplerPath{{"scalar", false}}
	if slices.Contains(cpu.Available(), cpu.AVX2) {
		paths = append([]samplerPath{{"avx2", true}}, paths...)
	}
	return paths
}

// setAVX2Samplers selects the module's AVX2 kernels (on) or the scalar
// ones (off) and returns a function that restores the previous choice. Tests
// that call it must not run in parallel.
func setAVX2Samplers(on bool) (restore func()) {
	k := cpu.Scalar
	if on {
		k = cpu.AVX2
	}
	restore, err := cpu.Set(k)
	if err != nil {
		panic(err)
	}
	return restore
}

// TestAVX2SamplersSelected fails, rather than skips, when the environment
// says the machine has AVX2 (MODULETTO_REQUIRE_AVX2=1) and the samplers do
// not use it: a build or dispatch mistake must not pass silently.
func TestAVX2SamplersSelected(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not 1")
	}
	assert.True(t, cpu.AVX2Kernels(), "the AVX2 kernels are not selected (purego tag, not amd64, or no AVX2/BMI2)")
}

// TestSamplersOnEveryPath reruns the oracle, CCTV and distribution tests of
// the package on every sampler path (the plain run covers the default path
// only).
func TestSamplersOnEveryPath(t *testing.T) {
	tests := []struct {
		name string
		f    func(*testing.T)
	}{
		{"SampleNTT", TestSampleNTTMatchesOracle},
		{"SampleMatrix", TestSampleMatrixMatchesOracle},
		{"SamplePolyCBD", TestSamplePolyCBDMatchesOracle},
		{"SampleNoise", TestSampleNoiseMatchesOracle},
		{"RejNTTPoly", TestRejNTTPolyMatchesOracle},
		{"ExpandA", TestExpandAMatchesOracle},
		{"RejBoundedPoly", TestRejBoundedPolyMatchesOracle},
		{"ExpandS", TestExpandSMatchesOracle},
		{"ExpandMask", TestExpandMaskMatchesOracle},
		{"ExpandMaskNonceWraps", TestExpandMaskNonceWraps},
		{"UnpackMask", TestUnpackMaskMatchesPoly},
		{"ExpandMaskRange", TestExpandMaskRange},
		{"CCTVIntermediate", TestCCTVIntermediate},
		{"CCTVUnluckySample", TestCCTVUnluckySample},
		{"CBDDistribution", TestSamplePolyCBDDistribution},
		{"RejBoundedPolyDistribution", TestRejBoundedPolyDistribution},
		{"BelowQ", TestRejectionSamplersBelowQ},
		{"ZeroAllocations", TestZeroAllocations},
	}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, tc.f)
		}
	})
}

// requireAVX2 skips a kernel test on a machine or build without the AVX2
// kernels (TestAVX2SamplersSelected fails there when AVX2 is required).
func requireAVX2(t testing.TB) {
	if !slices.Contains(cpu.Available(), cpu.AVX2) {
		t.Skip("no AVX2 sampler kernels in this build or on this CPU")
	}
}

// sentinel fills the coefficients the samplers must not touch.
const sentinel = -0x5a5a

// startCounts are the coefficient counts a block is parsed from: the start,
// the middle, and every count around the kernels' limits (240 for int16,
// 248 for int32) up to a full polynomial.
var startCounts = []int{0, 1, 7, 100, 200, 232, 238, 239, 240, 241, 242, 247, 248, 249, 250, 254, 255, 256}

// blocks16 returns the SHAKE-128 blocks of the SampleNTT kernel tests: the
// 12-bit candidates of each are listed by the case name.
func blocks16(rng *rand.ChaCha8) map[string]*[rate128]byte {
	const candidates = 2 * rate128 / 3
	put := func(c [candidates]uint16) *[rate128]byte {
		var b [rate128]byte
		for t := range rate128 / 3 {
			d1, d2 := c[2*t]&0xfff, c[2*t+1]&0xfff
			b[3*t], b[3*t+1], b[3*t+2] = byte(d1), byte(d1>>8|d2<<4), byte(d2>>4)
		}
		return &b
	}
	all := func(v uint16) (c [candidates]uint16) {
		for i := range c {
			c[i] = v
		}
		return c
	}
	out := map[string]*[rate128]byte{}
	for _, fill := range []byte{0x00, 0xff, 0x0c, 0xd0, 0x55, 0xaa} {
		b := new([rate128]byte)
		for i := range b {
			b[i] = fill
		}
		out[fmt.Sprintf("bytes=%#02x", fill)] = b
	}
	for _, v := range []uint16{0, 1, poly.Q16 - 2, poly.Q16 - 1, poly.Q16, poly.Q16 + 1, 0xffe, 0xfff} {
		out[fmt.Sprintf("all=%d", v)] = put(all(v))
	}
	for p := range candidates {
		c := all(poly.Q16)
		c[p] = poly.Q16 - 1
		out[fmt.Sprintf("only=%d", p)] = put(c)
		c = all(poly.Q16 - 1)
		c[p] = poly.Q16
		out[fmt.Sprintf("all-but=%d", p)] = put(c)
	}
	edges := []uint16{0, poly.Q16 - 1, poly.Q16, 0xfff}
	for i := range 64 {
		var c [candidates]uint16
		for k := range c {
			c[k] = edges[rng.Uint64()%uint64(len(edges))]
		}
		out[fmt.Sprintf("edges/%d", i)] = put(c)
		b := new([rate128]byte)
		rng.Read(b[:])
		out[fmt.Sprintf("random/%d", i)] = b
	}
	return out
}

// blocks32 returns the SHAKE-128 blocks of the RejNTTPoly kernel tests,
// with the ignored top bit of every third byte set and clear.
func blocks32(rng *rand.ChaCha8) map[string]*[rate128]byte {
	const candidates = rate128 / 3
	put := func(c [candidates]uint32, top bool) *[rate128]byte {
		var b [rate128]byte
		for t, z := range c {
			b[3*t], b[3*t+1], b[3*t+2] = byte(z), byte(z>>8), byte(z>>16)&0x7f
			if top {
				b[3*t+2] |= 0x80
			}
		}
		return &b
	}
	all := func(v uint32) (c [candidates]uint32) {
		for i := range c {
			c[i] = v
		}
		return c
	}
	out := map[string]*[rate128]byte{}
	for _, fill := range []byte{0x00, 0xff, 0x7f, 0x80} {
		b := new([rate128]byte)
		for i := range b {
			b[i] = fill
		}
		out[fmt.Sprintf("bytes=%#02x", fill)] = b
	}
	for _, top := range []bool{false, true} {
		for _, v := range []uint32{0, 1, poly.Q32 - 2, poly.Q32 - 1, poly.Q32, poly.Q32 + 1, 1<<23 - 1} {
			out[fmt.Sprintf("all=%d/top=%v", v, top)] = put(all(v), top)
		}
		for p := range candidates {
			c := all(poly.Q32)
			c[p] = poly.Q32 - 1
			out[fmt.Sprintf("only=%d/top=%v", p, top)] = put(c, top)
			c = all(poly.Q32 - 1)
			c[p] = poly.Q32
			out[fmt.Sprintf("all-but=%d/top=%v", p, top)] = put(c, top)
		}
	}
	edges := []uint32{0, poly.Q32 - 1, poly.Q32, 1<<23 - 1}
	for i := range 64 {
		var c [candidates]uint32
		for k := range c {
			c[k] = edges[rng.Uint64()%uint64(len(edges))]
		}
		out[fmt.Sprintf("edges/%d", i)] = put(c, i%2 == 0)
		b := new([rate128]byte)
		rng.Read(b[:])
		out[fmt.Sprintf("random/%d", i)] = b
	}
	return out
}

// blocksBounded returns the SHAKE-256 blocks of the RejBoundedPoly kernel
// tests for η: half-byte candidates at and around the bound (15 or 9).
func blocksBounded(rng *rand.ChaCha8, eta int) map[string]*[rate256]byte {
	const candidates = 2 * rate256
	bound := map[int]byte{2: 15, 4: 9}[eta]
	put := func(c [candidates]byte) *[rate256]byte {
		var b [rate256]byte
		for i := range b {
			b[i] = c[2*i]&0xf | c[2*i+1]<<4
		}
		return &b
	}
	all := func(v byte) (c [candidates]byte) {
		for i := range c {
			c[i] = v
		}
		return c
	}
	out := map[string]*[rate256]byte{}
	for v := range byte(16) {
		out[fmt.Sprintf("all=%d", v)] = put(all(v))
	}
	for p := range candidates {
		c := all(bound)
		c[p] = bound - 1
		out[fmt.Sprintf("only=%d", p)] = put(c)
		c = all(0)
		c[p] = 15
		out[fmt.Sprintf("all-but=%d", p)] = put(c)
	}
	for i := range 64 {
		var c [candidates]byte
		for k := range c {
			c[k] = bound - 1 + byte(rng.Uint64()&1) // the two values either side of the bound
		}
		out[fmt.Sprintf("edges/%d", i)] = put(c)
		b := new([rate256]byte)
		rng.Read(b[:])
		out[fmt.Sprintf("random/%d", i)] = b
	}
	return out
}

// compareParse runs one parse function on both paths from the count n over
// dst pre-filled with the sentinel, and checks that the counts and the
// coefficients below the count agree (those below n stay the sentinel).
// Past the count the kernels may leave lanes they did not accept; the next
// block overwrites them, as a full polynomial is 256 accepted values.
func compareParse[T int16 | int32](t *testing.T, name string, n int, parse func(dst *[poly.N]T, n int) int) {
	t.Helper()
	var want, got [poly.N]T
	for i := range want {
		want[i], got[i] = sentinel, sentinel
	}
	restore := setAVX2Samplers(false)
	wn := parse(&want, n)
	setAVX2Samplers(true)
	gn := parse(&got, n)
	restore()
	if !assert.Equal(t, wn, gn, "%s from n=%d: count", name, n) {
		return
	}
	assert.Equal(t, want[:wn], got[:gn], "%s from n=%d: coefficients", name, n)
}

func TestRejNTT16Kernel(t *testing.T) {
	requireAVX2(t)
	for name, b := range blocks16(newRand(t)) {
		for _, n := range startCounts {
			compareParse(t, name, n, func(dst *[poly.N]int16, n int) int { return parseNTT16(dst, n, b) })
		}
	}
}

func TestRejNTT32Kernel(t *testing.T) {
	requireAVX2(t)
	for name, b := range blocks32(newRand(t)) {
		for _, n := range startCounts {
			compareParse(t, name, n, func(dst *[poly.N]int32, n int) int { return parseNTT32(dst, n, b) })
		}
	}
}

func TestRejBoundedKernel(t *testing.T) {
	requireAVX2(t)
	for _, eta := range []int{2, 4} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			for name, b := range blocksBounded(newRand(t), eta) {
				for _, n := range startCounts {
					compareParse(t, name, n, func(dst *[poly.N]int32, n int) int { return parseBounded(dst, n, b[:], eta) })
				}
			}
		})
	}
}

// TestRejectionKernelsStopInBounds calls the kernels directly: they stop at
// their documented counts, consume whole chunks inside the block, and never
// write past the coefficients they report.
func TestRejectionKernelsStopInBounds(t *testing.T) {
	requireAVX2(t)
	var zero16 [rate128]byte // every candidate 0: all accepted
	var zero256 [rate256]byte
	for _, n := range startCounts {
		var d16 [poly.N]int16
		gn, pos := rejNTT16AVX2(&d16, n, &zero16)
		assert.True(t, pos%24 == 0 && pos <= rate128, "rejNTT16 from %d consumed %d bytes", n, pos)
		assert.True(t, gn <= poly.N && (gn > 240 || pos == rate128), "rejNTT16 from %d stopped at %d, byte %d", n, gn, pos)
		var d32 [poly.N]int32
		gn, pos = rejNTT32AVX2(&d32, n, &zero16)
		assert.True(t, pos%24 == 0 && pos <= rate128, "rejNTT32 from %d consumed %d bytes", n, pos)
		assert.True(t, gn <= poly.N && (gn > 248 || pos == rate128), "rejNTT32 from %d stopped at %d, byte %d", n, gn, pos)
		for _, k := range []func(*[256]int32, int, *[136]byte) (int, int){rejBounded2AVX2, rejBounded4AVX2} {
			gn, pos = k(&d32, n, &zero256)
			assert.True(t, pos%4 == 0 && pos <= rate256, "rejBounded from %d consumed %d bytes", n, pos)
			assert.True(t, gn <= poly.N && (gn > 248 || pos == rate256), "rejBounded from %d stopped at %d, byte %d", n, gn, pos)
		}
	}
}

// cbdInputs returns the CBD kernel inputs of length 64·η: byte fills, every
// single set bit and every single clear bit, and random bytes.
func cbdInputs(rng *rand.ChaCha8, eta int) map[string][]byte {
	out := map[string][]byte{}
	for _, fill := range []byte{0x00, 0xff, 0x0f, 0xf0, 0x55, 0xaa, 0x33, 0xcc, 0x3f, 0xc0} {
		out[fmt.Sprintf("bytes=%#02x", fill)] = bytes.Repeat([]byte{fill}, 64*eta)
	}
	for bit := range 64 * eta * 8 {
		b := make([]byte, 64*eta)
		b[bit/8] = 1 << (bit % 8)
		out[fmt.Sprintf("bit=%d", bit)] = b
		c := bytes.Repeat([]byte{0xff}, 64*eta)
		c[bit/8] &^= 1 << (bit % 8)
		out[fmt.Sprintf("all-but-bit=%d", bit)] = c
	}
	for i := range 256 {
		b := make([]byte, 64*eta)
		rng.Read(b)
		out[fmt.Sprintf("random/%d", i)] = b
	}
	return out
}

// compareCBD runs SamplePolyCBD_η on both paths.
func compareCBD(t *testing.T, name string, b []byte, eta int) {
	t.Helper()
	var want, got poly.Poly16
	restore := setAVX2Samplers(false)
	SamplePolyCBD(&want, b, eta)
	setAVX2Samplers(true)
	SamplePolyCBD(&got, b, eta)
	restore()
	assert.Equal(t, want, got, "%s (B=%x)", name, b)
}

func TestCBDKernels(t *testing.T) {
	requireAVX2(t)
	for _, eta := range []int{2, 3} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			for name, b := range cbdInputs(newRand(t), eta) {
				compareCBD(t, name, b, eta)
			}
		})
	}
}

// compareMask runs unpackMask18 or unpackMask20 (c = 18, 20) on both paths.
func compareMask(t *testing.T, name string, v []byte, c int) {
	t.Helper()
	run := func() (r [poly.N]int32) {
		if c == 18 {
			unpackMask18(&r, (*[576]byte)(v))
		} else {
			unpackMask20(&r, (*[640]byte)(v))
		}
		return r
	}
	restore := setAVX2Samplers(false)
	want := run()
	setAVX2Samplers(true)
	got := run()
	restore()
	assert.Equal(t, want, got, "%s (v=%x)", name, v)
}

func TestMaskKernels(t *testing.T) {
	requireAVX2(t)
	for _, c := range []int{18, 20} {
		t.Run(fmt.Sprintf("bits=%d", c), func(t *testing.T) {
			rng := newRand(t)
			n := 32 * c
			inputs := map[string][]byte{
				"zero": make([]byte, n),
				"ones": bytes.Repeat([]byte{0xff}, n),
			}
			for bit := range 8 * n {
				b := make([]byte, n)
				b[bit/8] = 1 << (bit % 8)
				inputs[fmt.Sprintf("bit=%d", bit)] = b
			}
			for i := range 64 {
				b := make([]byte, n)
				rng.Read(b)
				inputs[fmt.Sprintf("random/%d", i)] = b
			}
			for name, v := range inputs {
				compareMask(t, name, v, c)
			}
		})
	}
}

// FuzzMaskKernels compares the ExpandMask unpackers with their scalar
// twins on arbitrary bytes.
func FuzzMaskKernels(f *testing.F) {
	f.Add(make([]byte, 640))
	f.Add(bytes.Repeat([]byte{0xff}, 640))
	f.Fuzz(func(t *testing.T, data []byte) {
		requireAVX2(t)
		v := make([]byte, 640)
		copy(v, data)
		compareMask(t, "bits=18", v[:576], 18)
		compareMask(t, "bits=20", v, 20)
	})
}

// FuzzRejectionKernels compares the three rejection kernels with their
// scalar twins on arbitrary blocks and start counts.
func FuzzRejectionKernels(f *testing.F) {
	f.Add(make([]byte, rate128), uint8(0), false)
	f.Add(bytes.Repeat([]byte{0xff}, rate128), uint8(250), true)
	f.Add(bytes.Repeat([]byte{0x00, 0x0d, 0xd0}, 56), uint8(240), false) // 3328: accepted
	f.Fuzz(func(t *testing.T, data []byte, n8 uint8, eta4 bool) {
		requireAVX2(t)
		var b [rate128]byte
		copy(b[:], data)
		n := int(n8)
		compareParse(t, "parseNTT16", n, func(dst *[poly.N]int16, n int) int { return parseNTT16(dst, n, &b) })
		compareParse(t, "parseNTT32", n, func(dst *[poly.N]int32, n int) int { return parseNTT32(dst, n, &b) })
		eta := 2
		if eta4 {
			eta = 4
		}
		compareParse(t, "parseBounded", n, func(dst *[poly.N]int32, n int) int { return parseBounded(dst, n, b[:rate256], eta) })
	})
}

// FuzzCBDKernels compares the CBD kernels with their scalar twins on
// arbitrary bytes.
func FuzzCBDKernels(f *testing.F) {
	f.Add(make([]byte, 192), false)
	f.Add(bytes.Repeat([]byte{0xff}, 192), true)
	f.Fuzz(func(t *testing.T, data []byte, eta3 bool) {
		requireAVX2(t)
		eta := 2
		if eta3 {
			eta = 3
		}
		b := make([]byte, 64*eta)
		copy(b, data)
		compareCBD(t, "fuzz", b, eta)
	})
}

// TestKernelsAgainstOracle checks the AVX2 path of whole samplers against
// the FIPS transcriptions on seeds whose blocks end in every state (the
// oracle tests in TestSamplersOnEveryPath cover random seeds).
func TestKernelsAgainstOracle(t *testing.T) {
	requireAVX2(t)
	defer setAVX2Samplers(true)()
	rng := newRand(t)
	for range 50 {
		var rho [32]byte
		rng.Read(rho[:])
		var a poly.NTTPoly16
		SampleNTT(&a, &rho, 3, 1)
		require.Equal(t, oracleSampleNTT(append(rho[:], 3, 1)), ints16(&a))
		var a32 poly.NTTPoly32
		RejNTTPoly(&a32, &rho, 2, 5)
		require.Equal(t, oracleRejNTTPoly(append(rho[:], 2, 5)), ints32(&a32))
		var rho64 [64]byte
		rng.Read(rho64[:])
		for _, eta := range []int{2, 4} {
			var s poly.Poly32
			RejBoundedPoly(&s, &rho64, 7, eta)
			require.Equal(t, oracleRejBoundedPoly(append(rho64[:], 7, 0), eta), ints32(&s), "η=%d", eta)
		}
	}
}
