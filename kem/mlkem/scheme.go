package mlkem

import (
	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/internal/kemscheme"
	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

// The three parameter sets register themselves with package kem under the
// names "ML-KEM-512", "ML-KEM-768" and "ML-KEM-1024".
func init() {
	kem.Register(kemscheme.New(sizes(fips203.MLKEM512), GenerateKey512, NewDecapsulationKey512, NewEncapsulationKey512))
	kem.Register(kemscheme.New(sizes(fips203.MLKEM768), GenerateKey768, NewDecapsulationKey768, NewEncapsulationKey768))
	kem.Register(kemscheme.New(sizes(fips203.MLKEM1024), GenerateKey1024, NewDecapsulationKey1024, NewEncapsulationKey1024))
}

func sizes(p *fips203.Params) kemscheme.Sizes {
	return kemscheme.Sizes{Name: p.Name(), SeedSize: SeedSize,
		EncapsulationKeySize: p.EncapsulationKeySize(), CiphertextSize: p.CiphertextSize(), SharedKey: SharedKeySize}
}
