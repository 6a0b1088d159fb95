package ntt_test

import (
	"fmt"

	"github.com/moduletto/moduletto/ntt"
)

// In Z_q[X]/(X^n + 1), X · X^(n−1) = X^n = −1: the NTT-domain product of the
// two monomials, transformed back, is the constant q − 1.
func ExampleEngine() {
	e, err := ntt.NewEngine(ntt.Spec{Q: 7681, N: 256, Layers: 8}) // complete NTT, ζ chosen by the engine
	if err != nil {
		panic(err)
	}
	a, b := make([]uint32, 256), make([]uint32, 256)
	a[1], b[255] = 1, 1 // X and X^255
	e.Forward(a)
	e.Forward(b)
	e.Mul(a, a, b)
	e.Inverse(a)
	fmt.Println(a[0], a[1], a[255])
	// Output: 7680 0 0
}

// NewEngine explains why a prime does not support a transform.
func ExampleNewEngine() {
	_, err := ntt.NewEngine(ntt.Spec{Q: 3329, N: 256, Layers: 8})
	fmt.Println(err != nil)
	// Output: true
}
