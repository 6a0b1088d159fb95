// Package kemscheme builds the kem.Scheme that each KEM package registers
// from one parameter set's sizes and typed constructors.
package kemscheme

import (
	"crypto"

	"github.com/moduletto/moduletto/kem"
)

// Sizes are a parameter set's name and encoding sizes, as kem.Scheme
// reports them.
type Sizes struct {
	Name                                                      string
	SeedSize, EncapsulationKeySize, CiphertextSize, SharedKey int
}

// New returns the kem.Scheme of one parameter set. A failed call of a
// constructor gives a nil interface, not an interface holding a nil
// pointer.
func New[DK kem.DecapsulationKey, EK crypto.Encapsulator](s Sizes,
	generate func() (DK, error), newDK func([]byte) (DK, error), newEK func([]byte) (EK, error)) kem.Scheme {
	return &scheme{
		Sizes:    s,
		generate: func() (kem.DecapsulationKey, error) { return iface[kem.DecapsulationKey](generate()) },
		newDK:    func(b []byte) (kem.DecapsulationKey, error) { return iface[kem.DecapsulationKey](newDK(b)) },
		newEK:    func(b []byte) (crypto.Encapsulator, error) { return iface[crypto.Encapsulator](newEK(b)) },
	}
}

func iface[I any, T any](v T, err error) (I, error) {
	var zero I
	if err != nil {
		return zero, err
	}
	return any(v).(I), nil
}

type scheme struct {
	Sizes
	generate func() (kem.DecapsulationKey, error)
	newDK    func([]byte) (kem.DecapsulationKey, error)
	newEK    func([]byte) (crypto.Encapsulator, error)
}

func (s *scheme) Name() string              { return s.Sizes.Name }
func (s *scheme) SeedSize() int             { return s.Sizes.SeedSize }
func (s *scheme) EncapsulationKeySize() int { return s.Sizes.EncapsulationKeySize }
func (s *scheme) CiphertextSize() int       { return s.Sizes.CiphertextSize }
func (s *scheme) SharedKeySize() int        { return s.SharedKey }

func (s *scheme) GenerateKey() (kem.DecapsulationKey, error) { return s.generate() }

func (s *scheme) NewDecapsulationKey(b []byte) (kem.DecapsulationKey, error) { return s.newDK(b) }

func (s *scheme) NewEncapsulationKey(b []byte) (crypto.Encapsulator, error) { return s.newEK(b) }
