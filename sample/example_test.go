package sample_test

import (
	"fmt"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// SampleInBall (FIPS 204, Algorithm 29) returns a polynomial with exactly τ
// coefficients in {−1, +1} and the rest 0.
func ExampleSampleInBall() {
	var c poly.Poly32
	sample.SampleInBall(&c, make([]byte, 48), 49) // τ = 49, as ML-DSA-65
	nonzero := 0
	for _, x := range c {
		if x == 1 || x == -1 {
			nonzero++
		}
	}
	fmt.Println(nonzero)
	// Output: 49
}

// Uniform and CenteredBinomial fill the polynomials of any ring with public
// uniform and secret small coefficients.
func ExampleCenteredBinomial() {
	s := make([]field.ModN[field.Q3329], 256)
	sample.CenteredBinomial(s, []byte("seed"), 0, 2) // η = 2: values in [−2, 2]
	small := true
	for _, x := range s {
		v := x.Value()
		small = small && (v <= 2 || v >= 3329-2)
	}
	fmt.Println(small)
	// Output: true
}
