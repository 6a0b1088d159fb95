package params_test

import (
	"fmt"

	"github.com/moduletto/moduletto/field/params"
)

// The moduli of the two standards; ζ is a primitive 2^(Layers+1)-th root of
// unity modulo q (FIPS 203, Section 4.3; FIPS 204, Section 7.5).
func Example() {
	fmt.Println(params.MLKEMQ, params.MLKEMZeta, params.MLKEMLayers)
	fmt.Println(params.MLDSAQ, params.MLDSAZeta, params.MLDSALayers)
	// Output:
	// 3329 17 7
	// 8380417 1753 8
}
