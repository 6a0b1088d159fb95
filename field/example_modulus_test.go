package field_test

import (
	"fmt"

	"github.com/moduletto/moduletto/field"
)

// Q12289 names the modulus q = 12289 = 3·2^12 + 1 (NewHope, Falcon). Any odd
// prime below 2^31 is declared the same way: a zero-size type whose Params
// method returns one *Params made at package level.
type Q12289 struct{}

var q12289 = field.MustParams(12289)

// Params returns the parameters of q = 12289.
func (Q12289) Params() *field.Params { return q12289 }

// Declare your own modulus and compute with its elements. ModN[Q12289] and
// ModN[field.Q3329] are different types: mixing them does not compile.
func Example_declareModulus() {
	a := field.New[Q12289](12288) // −1
	b := field.New[Q12289](5)
	fmt.Println(a.Add(b).Value(), a.Mul(b).Value(), b.Inverse().Value())

	// q = 12289 supports a negacyclic NTT of length 1024: a primitive
	// 2048th root of unity exists.
	z, err := q12289.RootOfUnity(2048)
	fmt.Println(z, err, q12289.IsRootOfUnity(z, 2048))
	// Output:
	// 4 12284 2458
	// 1945 <nil> true
}
