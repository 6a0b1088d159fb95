package sample

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/moduletto/moduletto/poly"
)

// TestNTTOrderBoundary runs the NTT-domain samplers on every ntt backend
// (the "generic" one keeps a scrambled NTT-domain order) and reads their
// output in FIPS order: sampling is an order boundary, so the result must
// equal the FIPS pseudocode on each backend.
func TestNTTOrderBoundary(t *testing.T) {
	var rho [32]byte
	for i := range rho {
		rho[i] = byte(7*i + 1)
	}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		m := make([]poly.NTTPoly16, 4)
		SampleMatrix(m, &rho, 2, false)
		for i := range 2 {
			for j := range 2 {
				assert.Equal(t, oracleSampleNTT(append(rho[:], byte(j), byte(i))), ints16(&m[2*i+j]), "Â[%d, %d]", i, j)
			}
		}
		var a poly.NTTPoly16
		SampleNTT(&a, &rho, 1, 0)
		assert.Equal(t, oracleSampleNTT(append(rho[:], 1, 0)), ints16(&a), "SampleNTT")
	})
	ntttest.ForEachBackend(t, func(t *testing.T) {
		m := make([]poly.NTTPoly32, 6)
		ExpandA(m, &rho, 2, 3)
		for r := range 2 {
			for s := range 3 {
				assert.Equal(t, oracleRejNTTPoly(append(rho[:], byte(s), byte(r))), ints32(&m[3*r+s]), "Â[%d, %d]", r, s)
			}
		}
		var a poly.NTTPoly32
		RejNTTPoly(&a, &rho, 2, 1)
		assert.Equal(t, oracleRejNTTPoly(append(rho[:], 2, 1)), ints32(&a), "RejNTTPoly")
	})
}
