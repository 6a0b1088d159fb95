package sntrup

import (
	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/internal/kemscheme"
	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

// The three parameter sets register themselves with package kem under the
// names "sntrup653", "sntrup761" and "sntrup857". Streamlined NTRU Prime
// keys have no seed: the scheme's SeedSize is the size of the whole
// decapsulation key, and NewDecapsulationKey parses that encoding, which is
// what DecapsulationKey.Bytes returns.
func init() {
	kem.Register(kemscheme.New(sizes(core.SNTRUP653), GenerateKey653, NewDecapsulationKey653, NewEncapsulationKey653))
	kem.Register(kemscheme.New(sizes(core.SNTRUP761), GenerateKey761, NewDecapsulationKey761, NewEncapsulationKey761))
	kem.Register(kemscheme.New(sizes(core.SNTRUP857), GenerateKey857, NewDecapsulationKey857, NewEncapsulationKey857))
}

func sizes(p *core.Params) kemscheme.Sizes {
	return kemscheme.Sizes{Name: p.Name(), SeedSize: p.DecapsulationKeySize(),
		EncapsulationKeySize: p.EncapsulationKeySize(), CiphertextSize: p.CiphertextSize(), SharedKey: SharedKeySize}
}
