package sample

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/poly"
)

// sink keeps the outputs of TestZeroAllocations alive.
var sink int32

// TestZeroAllocations declares every destination inside the measured
// function: if a sampler let its destination escape, the polynomial would
// move to the heap and be counted here (a benchmark that hoists the
// destination out of its loop would not notice).
func TestZeroAllocations(t *testing.T) {
	var rho32 [32]byte
	var rho64 [64]byte
	var cbdIn [128]byte
	cTilde := make([]byte, 48)
	cases := []struct {
		name string
		f    func()
	}{
		{"SampleNTT", func() { var a poly.NTTPoly16; SampleNTT(&a, &rho32, 0, 0); sink += int32(a[0]) }},
		{"SampleMatrix/k=3", func() {
			var m [9]poly.NTTPoly16
			SampleMatrix(m[:], &rho32, 3, true)
			sink += int32(m[8][0])
		}},
		{"SamplePolyCBD", func() { var p poly.Poly16; SamplePolyCBD(&p, cbdIn[:], 2); sink += int32(p[0]) }},
		{"PRF", func() { var b [192]byte; PRF(b[:], &rho32, 0); sink += int32(b[0]) }},
		{"SampleNoise", func() { var p poly.Poly16; SampleNoise(&p, &rho32, 0, 3); sink += int32(p[0]) }},
		{"SampleNoiseVector", func() {
			var v [8]poly.Poly16
			SampleNoiseVector(v[:], &rho32, 0, 2)
			sink += int32(v[7][0])
		}},
		{"RejNTTPoly", func() { var a poly.NTTPoly32; RejNTTPoly(&a, &rho32, 0, 0); sink += a[0] }},
		{"ExpandA/6x5", func() { var m [30]poly.NTTPoly32; ExpandA(m[:], &rho32, 6, 5); sink += m[29][0] }},
		{"RejBoundedPoly", func() { var p poly.Poly32; RejBoundedPoly(&p, &rho64, 0, 4); sink += p[0] }},
		{"ExpandS", func() {
			var s1 [5]poly.Poly32
			var s2 [6]poly.Poly32
			ExpandS(s1[:], s2[:], &rho64, 4)
			sink += s1[0][0] + s2[5][0]
		}},
		{"SampleInBall", func() { var c poly.Poly32; SampleInBall(&c, cTilde, 49); sink += c[255] }},
		{"ExpandMask", func() { var y [5]poly.Poly32; ExpandMask(y[:], &rho64, 0, 1<<19); sink += y[4][0] }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Zero(t, testing.AllocsPerRun(5, c.f), "allocations per call")
		})
	}
}
