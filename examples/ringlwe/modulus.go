package ringlwe

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
)

// Q12289 names the modulus q = 12289 = 3·2^12 + 1, declared as package
// field documents: a zero-size type whose Params method returns one
// *field.Params made at package level.
type Q12289 struct{}

var q12289 = field.MustParams(12289)

// Params returns the parameters of q = 12289.
func (Q12289) Params() *field.Params { return q12289 }

// NewHope1024 returns the NewHope-1024 ring and noise: q = 12289, n = 1024,
// a complete NTT (10 layers: 2048 divides q − 1) and η = 8.
func NewHope1024() *Scheme[Q12289] {
	s, err := New[Q12289](ntt.Spec{Q: 12289, N: 1024, Layers: 10}, 8)
	if err != nil {
		panic(err) // unreachable: the spec is valid
	}
	return s
}
