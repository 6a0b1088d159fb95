package field

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Oracles in this file are plain integer % (allowed in tests) and math/big.

// modInv returns x⁻¹ mod q with math/big.
func modInv(x, q int64) int64 {
	return new(big.Int).ModInverse(big.NewInt(x), big.NewInt(q)).Int64()
}

// mod returns x mod q in [0, q).
func mod(x, q int64) int64 {
	r := x % q
	if r < 0 {
		r += q
	}
	return r
}

// TestMontgomeryReduce16Exhaustive checks every a in the documented range
// −q·2^15 ≤ a < q·2^15 for q = 3329 (about 2.2·10^8 values).
func TestMontgomeryReduce16Exhaustive(t *testing.T) {
	const q = 3329
	p := MustParams(q)
	qInv := p.QInv16()
	require.Equal(t, int16(-3327), qInv, "q⁻¹ mod 2^16 (from the ML-KEM reference, as int16)")
	// want[a mod q] = a·2^−16 mod q, from math/big.
	rInv := modInv(1<<16, q)
	var want [q]int32
	for x := range int64(q) {
		want[x] = int32(x * rInv % q)
	}
	const lo, hi = -q << 15, q << 15
	step := int32(1)
	if testing.Short() {
		step = 7 // coprime to q, so every residue is still hit
	}
	am := int32(mod(lo, q)) // a mod q, tracked alongside a
	bad := 0
	for a := int32(lo); a < hi; a += step {
		r := int32(MontgomeryReduce16(a, q, qInv))
		w := want[am]
		if (r != w && r != w-q) && bad < 10 {
			bad++
			t.Errorf("MontgomeryReduce16(%d) = %d, want ≡ %d and |r| < q", a, r, w)
		}
		if am += step; am >= q {
			am -= q
		}
	}
	// The bound is tight: one past the top of the range reaches q.
	assert.Equal(t, int16(q), MontgomeryReduce16(hi, q, qInv), "a = q·2^15 must leave the range")
}

// TestBarrettReduce16Exhaustive checks every int16 for q = 3329 and a few
// other primes in (2^11, 2^15).
func TestBarrettReduce16Exhaustive(t *testing.T) {
	for _, q := range []int16{2053, 3329, 7681, 12289, 32749} {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			v := MustParams(uint32(q)).Barrett16()
			if q == 3329 {
				require.Equal(t, int16(20159), v, "⌊2^26/q⌉ from the ML-KEM reference")
			}
			// Bound: |r| ≤ q/2 + q/2^12, that is 2^13·|r| ≤ 2^12·q + 2q.
			maxR := 0
			for a := int32(-1 << 15); a < 1<<15; a++ {
				r := int32(BarrettReduce16(int16(a), q, v))
				if (a-r)%int32(q) != 0 || (1<<13)*abs(r) > (1<<12)*int32(q)+2*int32(q) {
					t.Fatalf("BarrettReduce16(%d) = %d", a, r)
				}
				maxR = max(maxR, int(abs(r)))
			}
			if q == 3329 {
				assert.Equal(t, (3329-1)/2, maxR, "q = 3329: |r| ≤ (q−1)/2, reached")
			}
		})
	}
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

func TestCondSubAdd16Exhaustive(t *testing.T) {
	for _, q := range []int16{3, 3329, 12289, 32749} {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			for a := int32(0); a < 2*int32(q) && a < 1<<15; a++ {
				want := a
				if a >= int32(q) {
					want = a - int32(q)
				}
				if !assert.Equal(t, int16(want), CondSub16(int16(a), q), "CondSub16(%d)", a) {
					return
				}
			}
			for a := -int32(q); a < int32(q); a++ {
				want := a
				if a < 0 {
					want = a + int32(q)
				}
				if !assert.Equal(t, int16(want), CondAdd16(int16(a), q), "CondAdd16(%d)", a) {
					return
				}
			}
		})
	}
}

func TestCondSubAdd32Exhaustive(t *testing.T) {
	qs := []int32{3329, 8380417}
	if !testing.Short() {
		qs = append(qs, 1<<31-1) // [0, 2q) overflows int32: CondSub32 only over [0, 2^31)
	}
	for _, q := range qs {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			hi := min(2*int64(q), 1<<31)
			step := int64(1)
			if q > 1<<24 {
				step = 97 // 2^31−1: every 97th value
			}
			for a := int64(0); a < hi; a += step {
				want := a
				if a >= int64(q) {
					want = a - int64(q)
				}
				if int32(want) != CondSub32(int32(a), q) {
					t.Fatalf("CondSub32(%d) = %d, want %d", a, CondSub32(int32(a), q), want)
				}
				if uint32(want) != CondSubU32(uint32(a), uint32(q)) {
					t.Fatalf("CondSubU32(%d) = %d, want %d", a, CondSubU32(uint32(a), uint32(q)), want)
				}
			}
			// CondSubU32 holds on [0, 2q) even where int32 does not.
			for a := 2*uint64(q) - 1; a+1 > 2*uint64(q)-1000 && a < 2*uint64(q); a-- {
				assert.Equal(t, uint32(a-uint64(q)), CondSubU32(uint32(a), uint32(q)), "CondSubU32(%d)", a)
			}
			for a := -int64(q); a < int64(q); a += step {
				want := a
				if a < 0 {
					want = a + int64(q)
				}
				if int32(want) != CondAdd32(int32(a), q) {
					t.Fatalf("CondAdd32(%d) = %d, want %d", a, CondAdd32(int32(a), q), want)
				}
			}
		})
	}
}

// interesting64 returns edge values of a range [lo, hi) for q:
// the ends, 0, ±1, ±q, and ±2^k±1 that fall inside.
func interesting64(lo, hi, q int64) []int64 {
	c := []int64{lo, lo + 1, hi - 1, hi - 2, 0, 1, -1, q, -q, q - 1, -(q - 1), q + 1, lo / 2, hi / 2}
	for k := range 63 {
		x := int64(1) << k
		c = append(c, x, x-1, x+1, -x, -x+1, -x-1)
	}
	var out []int64
	for _, x := range c {
		if x >= lo && x < hi {
			out = append(out, x)
		}
	}
	return out
}

func TestBarrettReduce32(t *testing.T) {
	primes := append([]uint32{3, 5, 3329, 8380417, 2147483647}, randomPrimes(t, 40)...)
	for _, q := range primes {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			p := MustParams(q)
			v, s := p.Barrett32()
			if q == 8380417 {
				require.Equal(t, uint(53), s)
			}
			check := func(a int32) bool {
				r := BarrettReduce32(a, int32(q), v, s)
				if (int64(a)-int64(r))%int64(q) != 0 || 2*abs64(int64(r)) > int64(q)+1 {
					t.Errorf("BarrettReduce32(%d) = %d", a, r)
					return false
				}
				return true
			}
			for _, a := range interesting64(-1<<31, 1<<31, int64(q)) {
				if !check(int32(a)) {
					return
				}
			}
			rng := rand.New(rand.NewPCG(uint64(q), 32))
			for range 20000 {
				if !check(int32(rng.Uint32())) {
					return
				}
			}
			// Dense windows: around 0 and at both ends of int32.
			n := int64(1 << 14)
			if q == 3329 || q == 8380417 {
				n = 1 << 20
			}
			for _, start := range []int64{-n, -1 << 31, 1<<31 - n} {
				for a := start; a < start+n; a++ {
					if r := BarrettReduce32(int32(a), int32(q), v, s); (a-int64(r))%int64(q) != 0 || 2*abs64(int64(r)) > int64(q)+1 {
						t.Fatalf("BarrettReduce32(%d) = %d", a, r)
					}
				}
			}
		})
	}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestMontgomeryReduce32 checks interesting low halves (those that make the
// quotient t extreme) under every high half for q = 3329 and 8380417, and
// random values across the documented range for random primes.
func TestMontgomeryReduce32(t *testing.T) {
	for _, q := range []int64{3329, 8380417} {
		t.Run(fmt.Sprintf("q=%d/structured", q), func(t *testing.T) {
			p := MustParams(uint32(q))
			qInv := int32(p.QInv())
			if q == 8380417 {
				require.Equal(t, int32(58728449), qInv, "q⁻¹ mod 2^32 from the ML-DSA reference")
			}
			rInv := modInv(mod(1<<32, q), q)
			// Low halves: t = lo·q⁻¹ mod 2^32 ∈ {−2^31, 2^31−1, 0, ±1}, and edges.
			var lows []uint32
			for _, tt := range []int32{-1 << 31, 1<<31 - 1, 0, 1, -1} {
				lows = append(lows, uint32(tt)*uint32(q))
			}
			lows = append(lows, 1, 1<<31-1, 1<<31, 1<<32-1)
			lo, hi := -q<<31, q<<31
			// a = h·2^32 + l: every h with a in range (the top h only with l small enough).
			step := int64(1)
			if testing.Short() && q > 1<<20 {
				step = 13
			}
			for _, l := range lows {
				for h := lo >> 32; h <= (hi-1)>>32; h += step {
					a := h<<32 + int64(l)
					if a < lo || a >= hi {
						continue
					}
					r := int64(MontgomeryReduce32(a, int32(q), qInv))
					if r <= -q || r >= q || mod(r-mod(a, q)*rInv, q) != 0 {
						t.Fatalf("MontgomeryReduce32(%d) = %d", a, r)
					}
				}
			}
			for _, a := range interesting64(lo, hi, q) {
				r := int64(MontgomeryReduce32(a, int32(q), qInv))
				assert.True(t, r > -q && r < q && mod(r-mod(a, q)*rInv, q) == 0, "MontgomeryReduce32(%d) = %d", a, r)
			}
			assert.Equal(t, int32(q), MontgomeryReduce32(hi, int32(q), qInv), "a = q·2^31 must leave the range")
		})
	}
	for _, q := range append([]uint32{3, 2147483647}, randomPrimes(t, 40)...) {
		t.Run(fmt.Sprintf("q=%d/random", q), func(t *testing.T) {
			p := MustParams(q)
			qInv := int32(p.QInv())
			bq := big.NewInt(int64(q))
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 32), bq)
			lo, hi := -int64(q)<<31, int64(q)<<31
			rng := rand.New(rand.NewPCG(uint64(q), 64))
			as := interesting64(lo, hi, int64(q))
			for range 5000 {
				as = append(as, lo+rng.Int64N(hi-lo))
			}
			for _, a := range as {
				r := MontgomeryReduce32(a, int32(q), qInv)
				want := new(big.Int).Mul(big.NewInt(a), rInv)
				if !assert.Equal(t, bigMod(want, q), uint32(mod(int64(r), int64(q))), "a=%d", a) ||
					!assert.Less(t, abs64(int64(r)), int64(q), "a=%d", a) {
					return
				}
			}
		})
	}
}

// TestBarrettReduce16AllPrimes checks the documented bound over every int16
// for every 4th prime 2^11 < q < 2^15 (every 64th in -short mode, all of
// them with -exhaustive).
func TestBarrettReduce16AllPrimes(t *testing.T) {
	n := 0
	for q := int32(1<<11 + 1); q < 1<<15; q += 2 {
		if !big.NewInt(int64(q)).ProbablyPrime(20) {
			continue
		}
		if n++; n%primeStride() != 0 {
			continue
		}
		v := MustParams(uint32(q)).Barrett16()
		am := int32(mod(-1<<15, int64(q))) // a mod q, tracked alongside a
		for a := int32(-1 << 15); a < 1<<15; a++ {
			r := int32(BarrettReduce16(int16(a), int16(q), v))
			if (r != am && r != am-q) || (1<<13)*abs(r) > (1<<12)*q+2*q {
				t.Fatalf("q=%d: BarrettReduce16(%d) = %d", q, a, r)
			}
			if am++; am == q {
				am = 0
			}
		}
	}
	assert.Equal(t, 3512-309, n, "primes in (2^11, 2^15): π(2^15) − π(2^11)")
}

func primeStride() int {
	if *exhaustive {
		return 1
	}
	if testing.Short() {
		return 64
	}
	return 4
}
