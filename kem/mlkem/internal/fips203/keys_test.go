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

// TestKeyGenOrders checks that keyGenOrders[k] names every sampling job of
// key generation exactly once for each k.
func TestKeyGenOrders(t *testing.T) {
	for _, k := range []int{2, 3, 4} {
		seen := map[keyGenJob]int{}
		for _, o := range keyGenOrders[k] {
			seen[o]++
		}
		want := map[keyGenJob]int{}
		for i := range k {
			for j := range k {
				want[keyGenJob{'A', int8(i), int8(j)}] = 1
			}
			want[keyGenJob{'s', 0, int8(i)}] = 1
			want[keyGenJob{'e', int8(i), 0}] = 1
		}
		assert.Equal(t, want, seen, "k = %d", k)
	}
}

// TestKeyGenPathsAgree: both implementations of K-PKE.KeyGen, the one in
// steps (ML-KEM-512's) and the overlapped one (ML-KEM-768's and -1024's),
// give the same key for every parameter set, so each is checked by the
// other sets' vectors too.
func TestKeyGenPathsAgree(t *testing.T) {
	for i := range paramSets {
		p := &paramSets[i]
		for seed := range 8 {
			d := [32]byte{byte(seed), byte(i)}
			_, a := newDecapsulationKey[struct{}](p)
			_, b := newDecapsulationKey[struct{}](p)
			pkeKeyGenInSteps(p, &a.ek, a.s, &d)
			pkeKeyGenOverlapped(p, &b.ek, b.s, &d)
			assert.Equal(t, b.ek.ρ, a.ek.ρ, p.name)
			assert.Equal(t, b.ek.h, a.ek.h, p.name)
			assert.Equal(t, b.ek.aT, a.ek.aT, p.name)
			assert.Equal(t, b.ek.t, a.ek.t, p.name)
			assert.Equal(t, b.s, a.s, p.name)
		}
	}
}
