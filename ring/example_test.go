package ring_test

import (
	"fmt"

	"github.com/moduletto/moduletto/ring"
)

// An NTRU-style ring other than Streamlined NTRU Prime's: R/q for p = 509,
// q = 2039. Multiply, invert, and invert a batch with one inversion.
func Example() {
	r, err := ring.New(509, 2039)
	if err != nil {
		panic(err)
	}
	a, b := make([]int16, r.P()), make([]int16, r.P())
	for i := range a {
		a[i] = int16(i%7) - 3 // any centred coefficients
		b[i] = int16(i%5) - 2
	}
	ab := make([]int16, r.P())
	r.Mul(ab, a, b)

	inv := make([]int16, r.P())
	if !r.Invert(inv, a) {
		fmt.Println("a is not invertible")
		return
	}
	back := make([]int16, r.P())
	r.Mul(back, ab, inv) // (a·b)·a⁻¹ = b
	fmt.Println("(a·b)/a = b:", fmt.Sprint(back) == fmt.Sprint(b))

	// Montgomery's trick: 1/a and 1/b with one inversion.
	invs := [][]int16{make([]int16, r.P()), make([]int16, r.P())}
	ok := ring.BatchInvert(r, invs, [][]int16{a, b}, make([]int16, r.P()))
	fmt.Println("batch:", ok, fmt.Sprint(invs[0]) == fmt.Sprint(inv))
	// Output:
	// (a·b)/a = b: true
	// batch: true true
}
