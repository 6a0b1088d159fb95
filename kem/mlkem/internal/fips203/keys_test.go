package fips203

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestStorageSized: the view of every parameter set's storage has arrays of
// exactly the lengths of that set, 32-byte aligned on the heap, and a
// decapsulation key's embedded encapsulation key is the view of its
// embedded storage.
func TestStorageSized(t *testing.T) {
	views := []func() (DecapsulationKey, EncapsulationKey, EncapsulationKey){
		func() (DecapsulationKey, EncapsulationKey, EncapsulationKey) {
			d := new(DecapsulationStorage[[4]nttPoly, [2]nttPoly])
			return d.Key(), new(EncapsulationStorage512).Key(), d.EncapsulationStorage().Key()
		},
		func() (DecapsulationKey, EncapsulationKey, EncapsulationKey) {
			d := new(DecapsulationStorage[[9]nttPoly, [3]nttPoly])
			return d.Key(), new(EncapsulationStorage768).Key(), d.EncapsulationStorage().Key()
		},
		func() (DecapsulationKey, EncapsulationKey, EncapsulationKey) {
			d := new(DecapsulationStorage[[16]nttPoly, [4]nttPoly])
			return d.Key(), new(EncapsulationStorage1024).Key(), d.EncapsulationStorage().Key()
		},
	}
	for i, view := range views {
		p := &paramSets[i]
		k := p.k
		dk, ek, embedded := view()
		for _, e := range []EncapsulationKey{dk.ek, ek, embedded} {
			assert.Len(t, e.aT, k*k, p.name)
			assert.Len(t, e.t, k, p.name)
		}
		assert.Len(t, dk.s, k, p.name)
		// On the heap (the storage escapes through the views), every
		// array is 32-byte aligned (see EncapsulationStorage).
		for _, a := range [][]nttPoly{dk.s, dk.ek.aT, dk.ek.t, ek.aT, ek.t} {
			assert.Zero(t, uintptr(unsafe.Pointer(&a[0]))%32, p.name)
		}
		assert.Same(t, &dk.ek.aT[0], &embedded.aT[0], p.name)
		assert.Same(t, dk.ek.ekFields, embedded.ekFields, p.name)
		assert.NotPanics(t, func() { dk.mustBeWired(p) }, p.name)
		assert.Panics(t, func() { dk.mustBeWired(&paramSets[(i+1)%3]) }, p.name)
	}
}
