// Package modnview views a slice of typed field elements as the uint32 words
// it is made of, so that the NTT engine and the generic samplers can work on
// a poly.Poly[M] in place. It is the one place that relies on the memory
// layout of field.ModN.
package modnview

import (
	"unsafe"

	"github.com/moduletto/moduletto/field"
)

// field.ModN[M] must be exactly one uint32: these array lengths are
// negative (a compile error) otherwise.
var (
	_ [unsafe.Sizeof(field.ModN[field.Q3329]{}) - 4]struct{}
	_ [4 - unsafe.Sizeof(field.ModN[field.Q3329]{})]struct{}
)

// Words returns the uint32 values of p, sharing p's memory. A caller that
// writes through the result must store only canonical values (below q), so
// that every element keeps ModN's invariant.
func Words[M field.Modulus](p []field.ModN[M]) []uint32 {
	if len(p) == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&p[0])), len(p))
}
