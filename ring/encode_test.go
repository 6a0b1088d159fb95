package ring

import (
	"bufio"
	"compress/gzip"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The oracle: a line-by-line transcription of Encode and Decode as the
// NTRU Prime round-3 specification writes them (recursive, on lists of
// integers), in uint64 arithmetic with Go's / and %, which the values
// (below 2^28 + 2^16) never overflow.

func oracleEncode(r, m []uint64) []byte {
	s := []byte{}
	if len(m) == 0 {
		return s
	}
	if len(m) == 1 {
		x, mm := r[0], m[0]
		for mm > 1 {
			s = append(s, byte(x%256))
			x, mm = x/256, (mm+255)/256
		}
		return s
	}
	var r2, m2 []uint64
	for i := 0; i < len(m)-1; i += 2 {
		mm, x := m[i]*m[i+1], r[i]+m[i]*r[i+1]
		for mm >= 16384 {
			s = append(s, byte(x%256))
			x, mm = x/256, (mm+255)/256
		}
		r2 = append(r2, x)
		m2 = append(m2, mm)
	}
	if len(m)&1 == 1 {
		r2 = append(r2, r[len(r)-1])
		m2 = append(m2, m[len(m)-1])
	}
	return append(s, oracleEncode(r2, m2)...)
}

func oracleDecode(s []byte, m []uint64) []uint64 {
	if len(m) == 0 {
		return nil
	}
	if len(m) == 1 {
		var x, t uint64 = 0, 1
		for _, b := range s {
			x += uint64(b) * t
			t *= 256
		}
		return []uint64{x % m[0]}
	}
	k := 0
	type rt struct{ r, t uint64 }
	var bottom []rt
	var m2 []uint64
	for i := 0; i < len(m)-1; i += 2 {
		mm, x, t := m[i]*m[i+1], uint64(0), uint64(1)
		for mm >= 16384 {
			x, t, k, mm = x+uint64(s[k])*t, t*256, k+1, (mm+255)/256
		}
		bottom = append(bottom, rt{x, t})
		m2 = append(m2, mm)
	}
	if len(m)&1 == 1 {
		m2 = append(m2, m[len(m)-1])
	}
	r2 := oracleDecode(s[k:], m2)
	var r []uint64
	for i := 0; i < len(m)-1; i += 2 {
		x := bottom[i/2].r + bottom[i/2].t*r2[i/2]
		r = append(r, x%m[i], (x/m[i])%m[i+1])
	}
	if len(m)&1 == 1 {
		r = append(r, r2[len(r2)-1])
	}
	return r
}

// oracleLastRadix returns the radix of the final limb, the one encoded by
// the last bytes, following the recursion of oracleEncode.
func oracleLastRadix(m []uint64) uint64 {
	for len(m) > 1 {
		var m2 []uint64
		for i := 0; i < len(m)-1; i += 2 {
			mm := m[i] * m[i+1]
			for mm >= 16384 {
				mm = (mm + 255) / 256
			}
			m2 = append(m2, mm)
		}
		if len(m)&1 == 1 {
			m2 = append(m2, m[len(m)-1])
		}
		m = m2
	}
	return m[0]
}

func widen(x []uint16) []uint64 {
	y := make([]uint64, len(x))
	for i, v := range x {
		y[i] = uint64(v)
	}
	return y
}

func uniform(n int, m uint16) []uint16 {
	x := make([]uint16, n)
	for i := range x {
		x[i] = m
	}
	return x
}

// An impl is one way to run the encoding under test: the package-level
// functions, which work out the level structure on every call, or a
// Codec built for the radices.
type impl struct {
	name   string
	length func(m []uint16) int
	encode func(out []byte, r, m []uint16)
	decode func(r []uint16, s []byte, m []uint16)
}

// mustCodec returns NewCodec(m) and fails the test on an error.
func mustCodec(t *testing.T, m []uint16) *Codec {
	t.Helper()
	c, err := NewCodec(m)
	require.NoError(t, err)
	require.Equal(t, len(m), c.Limbs())
	return c
}

func impls(t *testing.T) []impl {
	return []impl{
		{"package", EncodedLen, Encode, Decode},
		{"Codec",
			func(m []uint16) int { return mustCodec(t, m).Len() },
			func(out []byte, r, m []uint16) { mustCodec(t, m).Encode(out, r) },
			func(r []uint16, s []byte, m []uint16) { mustCodec(t, m).Decode(r, s) }},
	}
}

// katEncoding is one count of testdata/sntrup761_encodings.txt.gz.
type katEncoding struct {
	count  string
	pk, ct []byte
}

func readKATEncodings(t *testing.T) []katEncoding {
	t.Helper()
	f, err := os.Open("testdata/sntrup761_encodings.txt.gz")
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	var out []katEncoding
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<16)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, " = ")
		require.True(t, ok, "line %d: %q", n, line)
		switch key {
		case "count":
			out = append(out, katEncoding{count: val})
		case "pk", "ct1007":
			require.NotEmpty(t, out, "line %d: %s before count", n, key)
			b, err := hex.DecodeString(val)
			require.NoError(t, err, "line %d", n)
			if key == "pk" {
				out[len(out)-1].pk = b
			} else {
				out[len(out)-1].ct = b
			}
		default:
			t.Fatalf("line %d: unknown key %q", n, key)
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, out, 5)
	return out
}

// TestEncodeKAT decodes the published sntrup761 public keys (761 limbs of
// radix 4591) and ciphertext rounded parts (761 limbs of radix 1531), and
// checks that Encode gives the same bytes back, that the oracle decodes
// them to the same limbs, and the last limbs that the vectors README
// names: bytes 1156–1157 of radix 1608 in pk, 1005–1006 of radix 3475 in
// ct. Raising that limb by multiples of its radix (a non-canonical
// encoding) decodes to the same limbs.
func TestEncodeKAT(t *testing.T) {
	for _, im := range impls(t) {
		for _, kat := range readKATEncodings(t) {
			for _, c := range []struct {
				name          string
				b             []byte
				radix, last   uint16
				length, limbs int
			}{
				{"pk", kat.pk, 4591, 1608, 1158, 761},
				{"ct", kat.ct, 1531, 3475, 1007, 761},
			} {
				t.Run(fmt.Sprintf("%s/count=%s/%s", im.name, kat.count, c.name), func(t *testing.T) {
					m := uniform(c.limbs, c.radix)
					require.Equal(t, c.length, im.length(m))
					require.Len(t, c.b, c.length)
					assert.Equal(t, uint64(c.last), oracleLastRadix(widen(m)))

					r := make([]uint16, c.limbs)
					im.decode(r, c.b, m)
					for i, v := range r {
						require.Less(t, v, c.radix, "limb %d", i)
					}
					assert.Equal(t, oracleDecode(c.b, widen(m)), widen(r), "Decode against the oracle")
					out := make([]byte, c.length)
					im.encode(out, r, m)
					assert.Equal(t, c.b, out, "Encode(Decode(b)) = b")

					lastLimb := uint32(c.b[c.length-2]) | uint32(c.b[c.length-1])<<8
					require.Less(t, lastLimb, uint32(c.last), "the KAT's last limb is canonical")
					for v := lastLimb + uint32(c.last); v < 1<<16; v += uint32(c.last) {
						nc := slices.Clone(c.b)
						nc[c.length-2], nc[c.length-1] = byte(v), byte(v>>8)
						r2 := make([]uint16, c.limbs)
						im.decode(r2, nc, m)
						require.Equal(t, r, r2, "last limb %d = %d + k·%d", v, lastLimb, c.last)
					}
				})
			}
		}
	}
}

// TestEncodedLenSizes checks EncodedLen against the published sizes of
// Streamlined NTRU Prime (vectors README and PQClean's META.yml): the
// public key is p limbs of radix q; the ciphertext is p limbs of radix
// (q+2)/3 followed by 32 confirmation bytes.
func TestEncodedLenSizes(t *testing.T) {
	for _, c := range []struct {
		p, q   int
		pk, ct int
	}{
		{653, 4621, 994, 897},
		{761, 4591, 1158, 1039},
		{857, 5167, 1322, 1184},
	} {
		for _, im := range impls(t) {
			t.Run(fmt.Sprintf("%s/p=%d", im.name, c.p), func(t *testing.T) {
				assert.Equal(t, c.pk, im.length(uniform(c.p, uint16(c.q))), "public key")
				assert.Equal(t, c.ct-32, im.length(uniform(c.p, uint16((c.q+2)/3))), "ciphertext rounded part")
			})
		}
	}
}

// radixLists returns the radix lists of the round-trip tests: every
// length kind (1, 2, 3, odd, even, powers of two, MaxP) with uniform,
// extreme and random radices.
func radixLists(rng *rand.Rand) map[string][]uint16 {
	lists := map[string][]uint16{}
	special := []uint16{1, 2, 3, 255, 256, 257, 4591, 16383, 16384}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 31, 100, 101, 653, 761, 857, 1023, MaxP} {
		for _, m := range []uint16{1, 2, 256, 257, 1531, 4591, 16384} {
			lists[fmt.Sprintf("n=%d/m=%d", n, m)] = uniform(n, m)
		}
		mixed := make([]uint16, n)
		rnd := make([]uint16, n)
		small := make([]uint16, n)
		for i := range mixed {
			mixed[i] = special[rng.IntN(len(special))]
			rnd[i] = uint16(1 + rng.IntN(maxRadix))
			small[i] = uint16(1 + rng.IntN(8))
		}
		lists[fmt.Sprintf("n=%d/mixed", n)] = mixed
		lists[fmt.Sprintf("n=%d/random", n)] = rnd
		lists[fmt.Sprintf("n=%d/small", n)] = small
		// Runs of equal radices of random lengths, and one radix with a
		// different last: the shapes the Codec groups into runs.
		runs := make([]uint16, 0, n)
		for len(runs) < n {
			x := special[rng.IntN(len(special))]
			for range min(1+rng.IntN(40), n-len(runs)) {
				runs = append(runs, x)
			}
		}
		lists[fmt.Sprintf("n=%d/runs", n)] = runs
		last := uniform(n, 4591)
		last[n-1] = 1531
		lists[fmt.Sprintf("n=%d/last", n)] = last
	}
	return lists
}

func TestEncodeRoundTrip(t *testing.T) {
	for _, im := range impls(t) {
		rng := rand.New(rand.NewPCG(1, 2))
		for name, m := range radixLists(rng) {
			t.Run(im.name+"/"+name, func(t *testing.T) { checkRoundTrip(t, im, m, rng) })
		}
	}
}

// checkRoundTrip checks im on the radices m against the oracle: the
// length, the encodings of random, zero and maximal limbs and their
// decodings, and the decodings of constant and random byte strings.
func checkRoundTrip(t *testing.T, im impl, m []uint16, rng *rand.Rand) {
	n := len(m)
	length := im.length(m)
	require.Equal(t, len(oracleEncode(make([]uint64, n), widen(m))), length, "length against the oracle")
	for _, kind := range []string{"random", "zero", "max"} {
		r := make([]uint16, n)
		for i := range r {
			switch kind {
			case "random":
				r[i] = uint16(rng.IntN(int(m[i])))
			case "max":
				r[i] = m[i] - 1
			}
		}
		out := make([]byte, length)
		im.encode(out, r, m)
		require.Equal(t, oracleEncode(widen(r), widen(m)), out, "%s limbs: Encode against the oracle", kind)
		back := make([]uint16, n)
		im.decode(back, out, m)
		require.Equal(t, r, back, "%s limbs: Decode(Encode(r))", kind)
	}
	// Every byte string decodes, to limbs below their radices, as the
	// oracle decodes it.
	for _, fill := range []byte{0x00, 0xff, 0x80} {
		s := make([]byte, length)
		for i := range s {
			s[i] = fill
		}
		checkDecode(t, im, s, m)
	}
	for range 4 {
		s := make([]byte, length)
		for i := range s {
			s[i] = byte(rng.Uint32())
		}
		checkDecode(t, im, s, m)
	}
}

// checkDecode decodes s with the radices m and compares with the oracle.
func checkDecode(t *testing.T, im impl, s []byte, m []uint16) {
	t.Helper()
	r := make([]uint16, len(m))
	im.decode(r, s, m)
	for i, v := range r {
		require.Less(t, v, m[i], "limb %d of %x", i, s)
	}
	require.Equal(t, oracleDecode(s, widen(m)), widen(r), "Decode(%x) against the oracle", s)
}

// TestDecodeNonCanonicalLastLimb raises the final limb of random
// encodings by multiples of its radix (the oracle names the radix) and
// checks that the limbs decode unchanged.
func TestDecodeNonCanonicalLastLimb(t *testing.T) {
	for _, im := range impls(t) {
		rng := rand.New(rand.NewPCG(3, 4))
		raised := 0
		for name, m := range radixLists(rng) {
			last := oracleLastRadix(widen(m))
			nb := len(oracleEncode([]uint64{0}, []uint64{last}))
			if nb == 0 {
				continue // radix 1: no bytes
			}
			t.Run(im.name+"/"+name, func(t *testing.T) {
				r := make([]uint16, len(m))
				for i := range r {
					r[i] = uint16(rng.IntN(int(m[i])))
				}
				s := make([]byte, im.length(m))
				im.encode(s, r, m)
				end := len(s) - nb
				var v uint64
				for j := range nb {
					v |= uint64(s[end+j]) << (8 * j)
				}
				for w := v + last; w < 1<<(8*nb); w += last {
					nc := slices.Clone(s)
					for j := range nb {
						nc[end+j] = byte(w >> (8 * j))
					}
					back := make([]uint16, len(m))
					im.decode(back, nc, m)
					require.Equal(t, r, back, "last limb %d + k·%d", v, last)
					raised++
				}
			})
		}
		assert.Greater(t, raised, 1000, "non-canonical encodings tried")
	}
}

func TestEncodeEmpty(t *testing.T) {
	assert.Equal(t, 0, EncodedLen(nil))
	Encode(nil, nil, nil)
	Decode(nil, nil, nil)
	assert.Equal(t, 0, EncodedLen([]uint16{1}), "one limb of radix 1 takes no bytes")
	r := []uint16{7}
	Decode(r, nil, []uint16{1})
	assert.Equal(t, []uint16{0}, r)
}

func TestEncodePanics(t *testing.T) {
	m := uniform(4, 4591)
	n := EncodedLen(m)
	assert.Panics(t, func() { EncodedLen([]uint16{0}) }, "radix 0")
	assert.Panics(t, func() { EncodedLen([]uint16{maxRadix + 1}) }, "radix 2^14 + 1")
	assert.Panics(t, func() { EncodedLen(make([]uint16, MaxP+1)) }, "more than MaxP limbs")
	assert.Panics(t, func() { Encode(make([]byte, n), make([]uint16, 3), m) }, "limbs and radices differ")
	assert.Panics(t, func() { Encode(make([]byte, n+1), make([]uint16, 4), m) }, "long output")
	assert.Panics(t, func() { Decode(make([]uint16, 4), make([]byte, n-1), m) }, "short input")
	assert.Panics(t, func() { Decode(make([]uint16, 5), make([]byte, n), m) }, "limbs and radices differ")
	assert.Panics(t, func() { Decode(nil, []byte{0}, nil) }, "bytes for no limbs")
}

// TestDivisor checks the reciprocal division on every radix against Go's
// division, at the dividends that bound its error and its range
// (x < 2^29, ⌊x/m⌋ < 2^20) and at random ones.
func TestDivisor(t *testing.T) {
	for m := uint64(1); m <= maxRadix; m++ {
		d := newDivisor(uint32(m))
		require.Equal(t, (uint64(1)<<43+m-1)/m, d.v, "reciprocal of %d", m)
		top := min(uint64(1)<<29, m<<20) - 1
		for _, x := range []uint64{0, 1, m - 1, m, m + 1, 2*m - 1, 1<<28 + 1<<16, top, top - m + 1, top / m * m, top/m*m - 1} {
			if x > top {
				continue
			}
			q, r := d.divmod(x)
			if q != x/m || uint64(r) != x%m {
				t.Fatalf("divmod(%d, %d) = (%d, %d), want (%d, %d)", x, m, q, r, x/m, x%m)
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		m := uint64(1 + rng.IntN(maxRadix))
		x := rng.Uint64N(min(uint64(1)<<29, m<<20))
		q, r := newDivisor(uint32(m)).divmod(x)
		require.Equal(t, x/m, q, "%d / %d", x, m)
		require.Equal(t, x%m, uint64(r), "%d mod %d", x, m)
	}
}

func TestEncodeAllocs(t *testing.T) {
	m := uniform(761, 4591)
	r := make([]uint16, 761)
	s := make([]byte, 1158)
	assert.Zero(t, testing.AllocsPerRun(10, func() { EncodedLen(m) }))
	assert.Zero(t, testing.AllocsPerRun(10, func() { Encode(s, r, m) }))
	assert.Zero(t, testing.AllocsPerRun(10, func() { Decode(r, s, m) }))
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range []struct {
		name  string
		radix uint16
	}{{"pk761", 4591}, {"ct761", 1531}} {
		m := uniform(761, c.radix)
		rng := rand.New(rand.NewPCG(7, 8))
		r := make([]uint16, 761)
		for i := range r {
			r[i] = uint16(rng.IntN(int(c.radix)))
		}
		s := make([]byte, EncodedLen(m))
		b.Run("Encode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Encode(s, r, m)
			}
		})
		b.Run("Decode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Decode(r, s, m)
			}
		})
	}
}
