package compare

import (
	stdmlkem "crypto/mlkem"
	stdmlkemtest "crypto/mlkem/mlkemtest"
	"errors"

	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
)

// mlkemImpl is one implementation of one ML-KEM parameter set, seen through
// the operations the cross-checks compare. Every function takes well-sized
// input except parse, which must accept anything.
type mlkemImpl struct {
	// keyGen derives the key pair from the 64-byte seed d‖z and returns the
	// encapsulation key, the expanded decapsulation key (nil if the
	// implementation does not expose it) and a decapsulation function.
	keyGen func(seed []byte) (ek, dkExpanded []byte, decaps func(ct []byte) []byte)
	// encaps is derandomized encapsulation (Encaps_internal) with m.
	encaps func(ek, m []byte) (sharedKey, ciphertext []byte)
	// parse reports whether the implementation accepts ek.
	parse func(ek []byte) error
}

// mlkemSet gathers the implementations of one parameter set. std is nil for
// ML-KEM-512, which crypto/mlkem lacks.
type mlkemSet struct {
	name             string
	ekSize, ctSize   int
	ours, std, circl *mlkemImpl
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// circlParse runs a CIRCL Unpack, which panics on no input but returns an
// error for the other wrong sizes and for unreduced coefficients.
func circlParse(size int, unpack func([]byte) error) func([]byte) error {
	return func(b []byte) error {
		if len(b) != size {
			return errors.New("circl: wrong size")
		}
		return unpack(b)
	}
}

var mlkemSets = []mlkemSet{
	{
		name: "ML-KEM-512", ekSize: mlkem.EncapsulationKeySize512, ctSize: mlkem.CiphertextSize512,
		ours: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				dk := must(mlkem.NewDecapsulationKey512(seed))
				return dk.EncapsulationKey().Bytes(), dk.ExpandedBytes(), func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				k, c, err := mlkemtest.Encapsulate512(must(mlkem.NewEncapsulationKey512(ek)), m)
				return must(k, err), c
			},
			parse: func(b []byte) error { _, err := mlkem.NewEncapsulationKey512(b); return err },
		},
		circl: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				pk, sk := mlkem512.NewKeyFromSeed(seed)
				ek, dk := make([]byte, mlkem512.PublicKeySize), make([]byte, mlkem512.PrivateKeySize)
				pk.Pack(ek)
				sk.Pack(dk)
				return ek, dk, func(ct []byte) []byte {
					k := make([]byte, mlkem512.SharedKeySize)
					sk.DecapsulateTo(k, ct)
					return k
				}
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				var pk mlkem512.PublicKey
				must(0, pk.Unpack(ek))
				k, c := make([]byte, mlkem512.SharedKeySize), make([]byte, mlkem512.CiphertextSize)
				pk.EncapsulateTo(c, k, m)
				return k, c
			},
			parse: circlParse(mlkem512.PublicKeySize, func(b []byte) error { var pk mlkem512.PublicKey; return pk.Unpack(b) }),
		},
	},
	{
		name: "ML-KEM-768", ekSize: mlkem.EncapsulationKeySize768, ctSize: mlkem.CiphertextSize768,
		ours: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				dk := must(mlkem.NewDecapsulationKey768(seed))
				return dk.EncapsulationKey().Bytes(), dk.ExpandedBytes(), func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				k, c, err := mlkemtest.Encapsulate768(must(mlkem.NewEncapsulationKey768(ek)), m)
				return must(k, err), c
			},
			parse: func(b []byte) error { _, err := mlkem.NewEncapsulationKey768(b); return err },
		},
		std: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				dk := must(stdmlkem.NewDecapsulationKey768(seed))
				return dk.EncapsulationKey().Bytes(), nil, func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				k, c, err := stdmlkemtest.Encapsulate768(must(stdmlkem.NewEncapsulationKey768(ek)), m)
				return must(k, err), c
			},
			parse: func(b []byte) error { _, err := stdmlkem.NewEncapsulationKey768(b); return err },
		},
		circl: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				pk, sk := mlkem768.NewKeyFromSeed(seed)
				ek, dk := make([]byte, mlkem768.PublicKeySize), make([]byte, mlkem768.PrivateKeySize)
				pk.Pack(ek)
				sk.Pack(dk)
				return ek, dk, func(ct []byte) []byte {
					k := make([]byte, mlkem768.SharedKeySize)
					sk.DecapsulateTo(k, ct)
					return k
				}
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				var pk mlkem768.PublicKey
				must(0, pk.Unpack(ek))
				k, c := make([]byte, mlkem768.SharedKeySize), make([]byte, mlkem768.CiphertextSize)
				pk.EncapsulateTo(c, k, m)
				return k, c
			},
			parse: circlParse(mlkem768.PublicKeySize, func(b []byte) error { var pk mlkem768.PublicKey; return pk.Unpack(b) }),
		},
	},
	{
		name: "ML-KEM-1024", ekSize: mlkem.EncapsulationKeySize1024, ctSize: mlkem.CiphertextSize1024,
		ours: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				dk := must(mlkem.NewDecapsulationKey1024(seed))
				return dk.EncapsulationKey().Bytes(), dk.ExpandedBytes(), func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				k, c, err := mlkemtest.Encapsulate1024(must(mlkem.NewEncapsulationKey1024(ek)), m)
				return must(k, err), c
			},
			parse: func(b []byte) error { _, err := mlkem.NewEncapsulationKey1024(b); return err },
		},
		std: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				dk := must(stdmlkem.NewDecapsulationKey1024(seed))
				return dk.EncapsulationKey().Bytes(), nil, func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				k, c, err := stdmlkemtest.Encapsulate1024(must(stdmlkem.NewEncapsulationKey1024(ek)), m)
				return must(k, err), c
			},
			parse: func(b []byte) error { _, err := stdmlkem.NewEncapsulationKey1024(b); return err },
		},
		circl: &mlkemImpl{
			keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
				pk, sk := mlkem1024.NewKeyFromSeed(seed)
				ek, dk := make([]byte, mlkem1024.PublicKeySize), make([]byte, mlkem1024.PrivateKeySize)
				pk.Pack(ek)
				sk.Pack(dk)
				return ek, dk, func(ct []byte) []byte {
					k := make([]byte, mlkem1024.SharedKeySize)
					sk.DecapsulateTo(k, ct)
					return k
				}
			},
			encaps: func(ek, m []byte) ([]byte, []byte) {
				var pk mlkem1024.PublicKey
				must(0, pk.Unpack(ek))
				k, c := make([]byte, mlkem1024.SharedKeySize), make([]byte, mlkem1024.CiphertextSize)
				pk.EncapsulateTo(c, k, m)
				return k, c
			},
			parse: circlParse(mlkem1024.PublicKeySize, func(b []byte) error { var pk mlkem1024.PublicKey; return pk.Unpack(b) }),
		},
	},
}
