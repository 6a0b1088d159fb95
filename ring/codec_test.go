package ring

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Codec is also checked by the tests of encode_test.go, which run
// every case (the KAT, the oracle round trips on the radix lists,
// non-canonical last limbs) through both the package-level functions and
// a Codec; the tests here cover what is particular to it.

func TestCodecEmpty(t *testing.T) {
	c := mustCodec(t, nil)
	assert.Equal(t, 0, c.Len())
	c.Encode(nil, nil)
	c.Decode(nil, nil)

	c = mustCodec(t, []uint16{1})
	assert.Equal(t, 0, c.Len(), "one limb of radix 1 takes no bytes")
	r := []uint16{7}
	c.Decode(r, nil)
	assert.Equal(t, []uint16{0}, r)
}

// TestNewCodecErrors checks that invalid radix lists give an error, not
// a panic, and that the error says what was wrong.
func TestNewCodecErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		m    []uint16
		msg  string
	}{
		{"radix 0", []uint16{4591, 0, 4591}, "m[1] = 0"},
		{"radix 2^14 + 1", []uint16{maxRadix + 1}, "m[0] = 16385"},
		{"radix 2^16 − 1", append(uniform(9, 3), 0xffff), "m[9] = 65535"},
		{"more than MaxP limbs", make([]uint16, MaxP+1), "1025 radices"},
	} {
		t.Run(c.name, func(t *testing.T) {
			codec, err := NewCodec(c.m)
			require.ErrorIs(t, err, ErrParams)
			assert.ErrorContains(t, err, c.msg)
			assert.Nil(t, codec)
		})
	}
	for _, m := range [][]uint16{uniform(MaxP, 1), uniform(MaxP, maxRadix), {maxRadix}} {
		_, err := NewCodec(m)
		assert.NoError(t, err, "%d radices %d", len(m), m[0])
	}
}

func TestCodecPanics(t *testing.T) {
	c := mustCodec(t, uniform(4, 4591))
	n := c.Len()
	assert.Panics(t, func() { c.Encode(make([]byte, n), make([]uint16, 3)) }, "short limbs")
	assert.Panics(t, func() { c.Encode(make([]byte, n+1), make([]uint16, 4)) }, "long output")
	assert.Panics(t, func() { c.Encode(make([]byte, n-1), make([]uint16, 4)) }, "short output")
	assert.Panics(t, func() { c.Decode(make([]uint16, 4), make([]byte, n-1)) }, "short input")
	assert.Panics(t, func() { c.Decode(make([]uint16, 4), make([]byte, n+1)) }, "long input")
	assert.Panics(t, func() { c.Decode(make([]uint16, 5), make([]byte, n)) }, "long limbs")
	assert.Panics(t, func() { mustCodec(t, nil).Decode(nil, []byte{0}) }, "bytes for no limbs")
}

// TestCodecReuse encodes and decodes many limb lists with one Codec per
// radix list, against the oracle: a Codec keeps no state between calls.
func TestCodecReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, radix := range []uint16{4591, 1531, 4621, 1541, 5167, 1723} {
		for _, p := range []int{653, 761, 857} {
			m := uniform(p, radix)
			c := mustCodec(t, m)
			r, back := make([]uint16, p), make([]uint16, p)
			s := make([]byte, c.Len())
			for range 20 {
				for i := range r {
					r[i] = uint16(rng.IntN(int(radix)))
				}
				c.Encode(s, r)
				require.Equal(t, oracleEncode(widen(r), widen(m)), s, "p=%d radix %d", p, radix)
				c.Decode(back, s)
				require.Equal(t, r, back, "p=%d radix %d", p, radix)
			}
		}
	}
}

// TestCodecConcurrent uses one Codec from several goroutines (run with
// -race): it is read-only after NewCodec.
func TestCodecConcurrent(t *testing.T) {
	m := uniform(761, 4591)
	c := mustCodec(t, m)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(11, uint64(g)))
			r, back := make([]uint16, 761), make([]uint16, 761)
			s := make([]byte, c.Len())
			for range 50 {
				for i := range r {
					r[i] = uint16(rng.IntN(4591))
				}
				c.Encode(s, r)
				c.Decode(back, s)
				assert.Equal(t, r, back)
			}
		})
	}
	wg.Wait()
}

func TestCodecAllocs(t *testing.T) {
	for _, radix := range []uint16{4591, 1531} {
		c := mustCodec(t, uniform(761, radix))
		r := make([]uint16, 761)
		s := make([]byte, c.Len())
		assert.Zero(t, testing.AllocsPerRun(10, func() { c.Encode(s, r) }), "Encode, radix %d", radix)
		assert.Zero(t, testing.AllocsPerRun(10, func() { c.Decode(r, s) }), "Decode, radix %d", radix)
		assert.Zero(t, testing.AllocsPerRun(10, func() { c.Len() }))
	}
	// A list with a run per pair, the most runs a Codec holds.
	m := make([]uint16, MaxP)
	for i := range m {
		m[i] = uint16(1 + i)
	}
	c := mustCodec(t, m)
	r := make([]uint16, MaxP)
	s := make([]byte, c.Len())
	assert.Zero(t, testing.AllocsPerRun(10, func() { c.Encode(s, r) }), "Encode, distinct radices")
	assert.Zero(t, testing.AllocsPerRun(10, func() { c.Decode(r, s) }), "Decode, distinct radices")
}

func BenchmarkCodec(b *testing.B) {
	for _, c := range []struct {
		name  string
		radix uint16
	}{{"pk761", 4591}, {"ct761", 1531}} {
		codec, err := NewCodec(uniform(761, c.radix))
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		r := make([]uint16, 761)
		for i := range r {
			r[i] = uint16(rng.IntN(int(c.radix)))
		}
		s := make([]byte, codec.Len())
		b.Run("Encode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				codec.Encode(s, r)
			}
		})
		b.Run("Decode/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				codec.Decode(r, s)
			}
		})
	}
}
