package field_test

import (
	"fmt"

	"github.com/moduletto/moduletto/field"
)

// Arithmetic with typed elements of the ML-KEM field, q = 3329.
func ExampleModN() {
	type F = field.ModN[field.Q3329]
	a := field.New[field.Q3329](3000)
	b := field.New[field.Q3329](1000)
	fmt.Println(a.Add(b).Value(), a.Sub(b).Value(), b.Sub(a).Value(), a.Mul(b).Value())
	fmt.Println(a.Inverse().Mul(a).Value(), a.Exp(3328).Value()) // Fermat: a^(q−1) = 1
	fmt.Println(a.Equal(b), field.Select(1, a, b).Value(), F{}.Value())
	// Output:
	// 671 2000 1329 571
	// 1 1
	// 0 3000 0
}

// Vector operations fetch the modulus once per slice.
func ExampleMulVec() {
	a := []field.ModN[field.Q8380417]{field.New[field.Q8380417](2), field.New[field.Q8380417](8380416)}
	b := []field.ModN[field.Q8380417]{field.New[field.Q8380417](3), field.New[field.Q8380417](8380416)}
	dst := make([]field.ModN[field.Q8380417], 2)
	field.MulVec(dst, a, b)
	fmt.Println(dst[0].Value(), dst[1].Value()) // 2·3, (−1)·(−1)
	// Output:
	// 6 1
}

// Parameters of a modulus for NTT engines: Montgomery constants for
// R = 2^32 and a root of unity.
func ExampleNewParams() {
	p, err := field.NewParams(8380417)
	if err != nil {
		panic(err)
	}
	z, _ := p.RootOfUnity(512)
	fmt.Println(p.Q(), int32(p.QInv()), p.R(), p.Generator(), z, p.IsRootOfUnity(1753, 512))

	_, err = field.NewParams(561)
	fmt.Println(err)
	_, err = p.RootOfUnity(1024 * 16)
	fmt.Println(err)
	// Output:
	// 8380417 58728449 4193792 10 1921994 true
	// field: modulus 561 is not prime: it is divisible by 3
	// field: no root of unity of that order: order 16384 does not divide q−1 = 8380416 (q = 8380417)
}

// A reducer called with constant arguments inlines and folds; here the
// Montgomery product of 16-bit lanes for q = 3329.
func ExampleMontgomeryMul16() {
	const q, qInv = 3329, -3327                     // qInv = q⁻¹ mod 2^16
	r := field.MontgomeryMul16(1000, 2285, q, qInv) // 2285 = 2^16 mod q: ·R·R⁻¹ = identity
	fmt.Println(field.CondAdd16(r, q))
	// Output:
	// 1000
}
