package sntrup

import (
	"crypto"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

// The three parameter sets register themselves with package kem under the
// names "sntrup653", "sntrup761" and "sntrup857". Streamlined NTRU Prime
// keys have no seed: the scheme's SeedSize is the size of the whole
// decapsulation key, and NewDecapsulationKey parses that encoding, which is
// what DecapsulationKey.Bytes returns.
func init() {
	kem.Register(newScheme(core.SNTRUP653, GenerateKey653, NewDecapsulationKey653, NewEncapsulationKey653))
	kem.Register(newScheme(core.SNTRUP761, GenerateKey761, NewDecapsulationKey761, NewEncapsulationKey761))
	kem.Register(newScheme(core.SNTRUP857, GenerateKey857, NewDecapsulationKey857, NewEncapsulationKey857))
}

// scheme implements kem.Scheme for one parameter set.
type scheme struct {
	p        *core.Params
	generate func() (kem.DecapsulationKey, error)
	parseDK  func([]byte) (kem.DecapsulationKey, error)
	parseEK  func([]byte) (crypto.Encapsulator, error)
}

// newScheme wraps the functions of one set; a failed call gives a nil
// interface, not an interface holding a nil pointer.
func newScheme[DK kem.DecapsulationKey, EK crypto.Encapsulator](p *core.Params,
	generate func() (DK, error), parseDK func([]byte) (DK, error), parseEK func([]byte) (EK, error)) *scheme {
	return &scheme{
		p:        p,
		generate: func() (kem.DecapsulationKey, error) { return iface[kem.DecapsulationKey](generate()) },
		parseDK:  func(b []byte) (kem.DecapsulationKey, error) { return iface[kem.DecapsulationKey](parseDK(b)) },
		parseEK:  func(b []byte) (crypto.Encapsulator, error) { return iface[crypto.Encapsulator](parseEK(b)) },
	}
}

func iface[I any, T any](v T, err error) (I, error) {
	var zero I
	if err != nil {
		return zero, err
	}
	return any(v).(I), nil
}

func (s *scheme) Name() string              { return s.p.Name() }
func (s *scheme) SeedSize() int             { return s.p.DecapsulationKeySize() }
func (s *scheme) EncapsulationKeySize() int { return s.p.EncapsulationKeySize() }
func (s *scheme) CiphertextSize() int       { return s.p.CiphertextSize() }
func (s *scheme) SharedKeySize() int        { return SharedKeySize }

func (s *scheme) GenerateKey() (kem.DecapsulationKey, error) { return s.generate() }

func (s *scheme) NewDecapsulationKey(b []byte) (kem.DecapsulationKey, error) { return s.parseDK(b) }

func (s *scheme) NewEncapsulationKey(b []byte) (crypto.Encapsulator, error) { return s.parseEK(b) }
