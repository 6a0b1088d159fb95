package fips203

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestKeyArraysSized: every key's arrays have exactly the lengths of its
// parameter set, one after another in the key's one allocation, which
// starts with the caller's wrapper.
func TestKeyArraysSized(t *testing.T) {
	type wrapper [3]uintptr // a stand-in for an exported key type
	for i := range paramSets {
		p := &paramSets[i]
		k := p.k
		w, dk := newDecapsulationKey[wrapper](p)
		_, ek := newEncapsulationKey[struct{}](p)
		assert.Equal(t, uintptr(unsafe.Pointer(w))+unsafe.Sizeof(*w), uintptr(unsafe.Pointer(dk)), p.name)
		assert.Equal(t, wrapper{}, *w, p.name)
		for _, e := range []*EncapsulationKey{&dk.ek, ek} {
			assert.Len(t, e.aT, k*k, p.name)
			assert.Len(t, e.t, k, p.name)
		}
		assert.Len(t, dk.s, k, p.name)
		// The arrays follow one another: Âᵀ, t̂, ŝ.
		end := func(s []nttPoly) uintptr { return uintptr(unsafe.Pointer(&s[len(s)-1])) + unsafe.Sizeof(nttPoly{}) }
		assert.Equal(t, end(dk.ek.aT), uintptr(unsafe.Pointer(&dk.ek.t[0])), p.name)
		assert.Equal(t, end(dk.ek.t), uintptr(unsafe.Pointer(&dk.s[0])), p.name)
		assert.Equal(t, end(ek.aT), uintptr(unsafe.Pointer(&ek.t[0])), p.name)
	}
}
