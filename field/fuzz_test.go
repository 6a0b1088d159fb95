package field

import (
	"math/big"
	"testing"
)

// fuzzModulus is a Modulus whose Params is the one being fuzzed.
type fuzzModulus struct{}

var fuzzParams *Params

func (fuzzModulus) Params() *Params { return fuzzParams }

// FuzzParams: NewParams never panics, accepts exactly the odd primes below
// 2^31, and for those the reducers and Params arithmetic agree with math/big
// on the fuzzed operands.
func FuzzParams(f *testing.F) {
	for _, q := range []uint32{0, 1, 2, 3, 4, 561, 1105, 3329, 8380417, 12289, 2147483647, 1 << 31, ^uint32(0)} {
		f.Add(q, uint64(q)*uint64(q), uint64(1)<<63)
	}
	f.Fuzz(func(t *testing.T, q uint32, x, y uint64) {
		p, err := NewParams(q)
		fuzzParams = p
		isPrime := q >= 3 && q < 1<<31 && big.NewInt(int64(q)).ProbablyPrime(20)
		if !isPrime {
			if err == nil || p != nil {
				t.Fatalf("NewParams(%d) accepted a non-prime or out-of-range modulus", q)
			}
			return
		}
		if err != nil {
			t.Fatalf("NewParams(%d): %v", q, err)
		}
		bq := big.NewInt(int64(q))
		bx := new(big.Int).SetUint64(x)
		a, b := uint32(x%uint64(q)), uint32(y%uint64(q))
		check := func(name string, got uint32, want *big.Int) {
			if w := new(big.Int).Mod(want, bq).Uint64(); uint64(got) != w {
				t.Fatalf("q=%d x=%d y=%d: %s = %d, want %d", q, x, y, name, got, w)
			}
		}
		// congruent checks a signed result modulo q (its range is checked apart).
		congruent := func(name string, got int64, want *big.Int) {
			check(name, uint32(mod(got, int64(q))), want)
		}
		ba, bb := big.NewInt(int64(a)), big.NewInt(int64(b))
		check("Reduce", p.Reduce(x), bx)
		check("BarrettReduce64", BarrettReduce64(x, q, p.Barrett64()), bx)
		check("Add", p.Add(a, b), new(big.Int).Add(ba, bb))
		check("Sub", p.Sub(a, b), new(big.Int).Sub(ba, bb))
		check("Mul", p.Mul(a, b), new(big.Int).Mul(ba, bb))
		check("Exp", p.Exp(a, y), new(big.Int).Exp(ba, new(big.Int).SetUint64(y), bq))

		rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 32), bq)
		m := x % (uint64(q) << 32) // MontgomeryReduce64 requires m < q·2^32
		check("MontgomeryReduce64", MontgomeryReduce64(m, q, p.QNegInv()), new(big.Int).Mul(new(big.Int).SetUint64(m), rInv))

		// MontgomeryReduce32 requires −q·2^31 ≤ s < q·2^31.
		s := int64(x%(uint64(q)<<32)) - int64(q)<<31
		r32 := MontgomeryReduce32(s, int32(q), int32(p.QInv()))
		congruent("MontgomeryReduce32", int64(r32), new(big.Int).Mul(big.NewInt(s), rInv))
		if r32 <= -int32(q) || r32 >= int32(q) {
			t.Fatalf("MontgomeryReduce32(%d) = %d out of range", s, r32)
		}
		v, sh := p.Barrett32()
		r := BarrettReduce32(int32(x), int32(q), v, sh)
		congruent("BarrettReduce32", int64(r), big.NewInt(int64(int32(x))))
		if 2*abs64(int64(r)) > int64(q)+1 {
			t.Fatalf("BarrettReduce32(%d) = %d out of range", int32(x), r)
		}
		if q < 1<<15 {
			// MontgomeryReduce16 requires −q·2^15 ≤ s16 < q·2^15.
			s16 := int32(x%(uint64(q)<<16)) - int32(q)<<15
			r16 := MontgomeryReduce16(s16, int16(q), p.QInv16())
			r16Inv := new(big.Int).ModInverse(big.NewInt(1<<16), bq)
			congruent("MontgomeryReduce16", int64(r16), new(big.Int).Mul(big.NewInt(int64(s16)), r16Inv))
			if r16 <= -int16(q) || r16 >= int16(q) {
				t.Fatalf("MontgomeryReduce16(%d) = %d out of range", s16, r16)
			}
		}
		if v16 := p.Barrett16(); v16 != 0 {
			r := BarrettReduce16(int16(x), int16(q), v16)
			congruent("BarrettReduce16", int64(r), big.NewInt(int64(int16(x))))
			if (1<<13)*abs(int32(r)) > (1<<12)*int32(q)+2*int32(q) {
				t.Fatalf("BarrettReduce16(%d) = %d out of range", int16(x), r)
			}
		}
		congruent("NewInt", int64(NewInt[fuzzModulus](int64(x)).Value()), big.NewInt(int64(x)))
		if p.Generator() == 0 || !p.IsRootOfUnity(p.Generator(), q-1) {
			t.Fatalf("q=%d: generator %d has the wrong order", q, p.Generator())
		}
	})
}
