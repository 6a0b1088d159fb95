package fips203

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEqual: equal ciphertexts give 1, and a difference in any single
// bit of any ciphertext size gives 0 (the implicit-rejection decision).
func TestEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		c := make([]byte, p.ctSize)
		for i := range c {
			c[i] = byte(rng.Uint32())
		}
		work := bytes.Clone(c)
		assert.Equal(t, 1, equal(work, c), "%s: equal", p.name)
		for bit := range 8 * len(c) {
			work := bytes.Clone(c)
			d := bytes.Clone(c)
			d[bit/8] ^= 1 << (bit % 8)
			if !assert.Equal(t, 0, equal(work, d), "%s: bit %d differs", p.name, bit) {
				return
			}
		}
	}
}
