package poly

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// roundRat returns ⌈r⌋ = ⌊r + 1/2⌋ (FIPS 203, Section 2.3: ties round up).
func roundRat(r *big.Rat) int64 {
	h := new(big.Rat).Add(r, big.NewRat(1, 2))
	f := new(big.Int).Quo(h.Num(), h.Denom()) // h ≥ 0, so Quo is floor
	return f.Int64()
}

// compressOracle is equation 4.7 in exact rational arithmetic:
// Compress_d(x) = ⌈(2^d/q)·x⌋ mod 2^d.
func compressOracle(x int64, d uint) int64 {
	r := big.NewRat(x<<d, Q16)
	return roundRat(r) % (1 << d)
}

// decompressOracle is equation 4.8: Decompress_d(y) = ⌈(q/2^d)·y⌋.
func decompressOracle(y int64, d uint) int64 {
	return roundRat(big.NewRat(Q16*y, 1<<d))
}

func TestCompressAllInputs(t *testing.T) {
	for d := uint(1); d <= 11; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			bad := 0
			wrapped := 0
			for x := int64(0); x < Q16; x++ {
				want := compressOracle(x, d)
				if int64(compress(uint32(x), d)) != want {
					bad++
				}
				if roundRat(big.NewRat(x<<d, Q16)) == 1<<d {
					wrapped++ // the mod 2^d of eq. 4.7 is exercised
				}
			}
			assert.Zero(t, bad, "inputs compressed wrongly")
			// x = q−1 rounds to 2^d exactly when 2^d/q < 1/2, i.e. d ≤ 10.
			if 1<<(d+1) < Q16 {
				assert.NotZero(t, wrapped, "no input rounds to 2^d: the mod 2^d rule is untested")
			} else {
				assert.Zero(t, wrapped)
			}
		})
	}
}

func TestDecompressAllInputs(t *testing.T) {
	for d := uint(1); d <= 11; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			bad := 0
			for y := int64(0); y < 1<<d; y++ {
				if int64(decompress(uint32(y), d)) != decompressOracle(y, d) {
					bad++
				}
			}
			assert.Zero(t, bad, "inputs decompressed wrongly")
		})
	}
}

// TestPolyCompressAllInt16 checks the polynomial forms on every int16
// coefficient, which they reduce mod q first.
func TestPolyCompressAllInt16(t *testing.T) {
	for d := 1; d <= 11; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			bad := 0
			for base := -32768; base < 32768; base += N {
				var p, c, dec Poly16
				for i := range p {
					p[i] = int16(base + i)
				}
				c = p
				c.Compress(d)
				dec = c
				dec.Decompress(d)
				buf := make([]byte, 32*d)
				CompressEncode(buf, &p, d)
				var viaBytes Poly16
				DecodeDecompress(&viaBytes, buf, d)
				for i := range p {
					x := mod(int64(p[i]), Q16)
					want := compressOracle(x, uint(d))
					if int64(c[i]) != want || int64(dec[i]) != decompressOracle(want, uint(d)) ||
						viaBytes[i] != dec[i] {
						bad++
					}
				}
			}
			assert.Zero(t, bad, "coefficients handled wrongly")
		})
	}
}
