package mlkem

import (
	"crypto"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

// The three parameter sets register themselves with package kem under the
// names "ML-KEM-512", "ML-KEM-768" and "ML-KEM-1024".
func init() {
	kem.Register(newScheme(fips203.MLKEM512, GenerateKey512, NewDecapsulationKey512, NewEncapsulationKey512))
	kem.Register(newScheme(fips203.MLKEM768, GenerateKey768, NewDecapsulationKey768, NewEncapsulationKey768))
	kem.Register(newScheme(fips203.MLKEM1024, GenerateKey1024, NewDecapsulationKey1024, NewEncapsulationKey1024))
}

// scheme implements kem.Scheme for one parameter set.
type scheme struct {
	p        *fips203.Params
	generate func() (kem.DecapsulationKey, error)
	fromSeed func([]byte) (kem.DecapsulationKey, error)
	parse    func([]byte) (crypto.Encapsulator, error)
}

func newScheme[DK kem.DecapsulationKey, EK crypto.Encapsulator](p *fips203.Params,
	generate func() (DK, error), fromSeed func([]byte) (DK, error), parse func([]byte) (EK, error)) *scheme {
	// The wrappers turn a failed call into a nil interface, not an interface
	// holding a nil pointer.
	return &scheme{
		p: p,
		generate: func() (kem.DecapsulationKey, error) {
			dk, err := generate()
			if err != nil {
				return nil, err
			}
			return dk, nil
		},
		fromSeed: func(seed []byte) (kem.DecapsulationKey, error) {
			dk, err := fromSeed(seed)
			if err != nil {
				return nil, err
			}
			return dk, nil
		},
		parse: func(b []byte) (crypto.Encapsulator, error) {
			ek, err := parse(b)
			if err != nil {
				return nil, err
			}
			return ek, nil
		},
	}
}

func (s *scheme) Name() string              { return s.p.Name() }
func (s *scheme) SeedSize() int             { return SeedSize }
func (s *scheme) EncapsulationKeySize() int { return s.p.EncapsulationKeySize() }
func (s *scheme) CiphertextSize() int       { return s.p.CiphertextSize() }
func (s *scheme) SharedKeySize() int        { return SharedKeySize }

func (s *scheme) GenerateKey() (kem.DecapsulationKey, error) { return s.generate() }

func (s *scheme) NewDecapsulationKey(seed []byte) (kem.DecapsulationKey, error) {
	return s.fromSeed(seed)
}

func (s *scheme) NewEncapsulationKey(encapsulationKey []byte) (crypto.Encapsulator, error) {
	return s.parse(encapsulationKey)
}
