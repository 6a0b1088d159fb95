package compare

import (
	stdmlkem "crypto/mlkem"
	stdmlkemtest "crypto/mlkem/mlkemtest"

	circlkem "github.com/cloudflare/circl/kem"
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
	// parse decodes ek and returns the encoding of the key it parsed.
	parse func(ek []byte) ([]byte, error)
	// fromExpanded imports an expanded decapsulation key (the dk of
	// ML-KEM.KeyGen, FIPS 203, Algorithm 19) of any length and returns the
	// encapsulation key it holds and its decapsulation; nil where the
	// implementation cannot import one (crypto/mlkem).
	fromExpanded func(dk []byte) (ek []byte, decaps func(ct []byte) ([]byte, error), err error)
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

// must2 is must for a call with two results and an error (CIRCL's
// Scheme.Encapsulate).
func must2[T, U any](t T, u U, err error) (T, U) {
	if err != nil {
		panic(err)
	}
	return t, u
}

// goImpl describes moduletto's or crypto/mlkem's API for one size (the two
// have the same shape); the expanded dk is read if the key has ExpandedBytes.
func goImpl[DK interface {
	Decapsulate(ct []byte) ([]byte, error)
	EncapsulationKey() EK
}, EK interface{ Bytes() []byte }](
	newDK func([]byte) (DK, error), newEK func([]byte) (EK, error),
	encaps func(EK, []byte) ([]byte, []byte, error)) *mlkemImpl {
	return &mlkemImpl{
		keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
			dk := must(newDK(seed))
			var expanded []byte
			if e, ok := any(dk).(interface{ ExpandedBytes() []byte }); ok {
				expanded = e.ExpandedBytes()
			}
			return dk.EncapsulationKey().Bytes(), expanded, func(ct []byte) []byte { return must(dk.Decapsulate(ct)) }
		},
		encaps: func(ek, m []byte) ([]byte, []byte) {
			k, c, err := encaps(must(newEK(ek)), m)
			return must(k, err), c
		},
		parse: func(b []byte) ([]byte, error) {
			ek, err := newEK(b)
			if err != nil {
				return nil, err
			}
			return ek.Bytes(), nil
		},
	}
}

// withExpanded sets impl's fromExpanded to moduletto's importer for one size.
func withExpanded[DK interface {
	Decapsulate(ct []byte) ([]byte, error)
	EncapsulationKey() EK
}, EK interface{ Bytes() []byte }](impl *mlkemImpl, fromExpanded func([]byte) (DK, error)) *mlkemImpl {
	impl.fromExpanded = func(b []byte) ([]byte, func([]byte) ([]byte, error), error) {
		dk, err := fromExpanded(b)
		if err != nil {
			return nil, nil, err
		}
		return dk.EncapsulationKey().Bytes(), dk.Decapsulate, nil
	}
	return impl
}

// circlImpl describes one CIRCL scheme through its kem.Scheme interface.
func circlImpl(s circlkem.Scheme) *mlkemImpl {
	return &mlkemImpl{
		keyGen: func(seed []byte) ([]byte, []byte, func([]byte) []byte) {
			pk, sk := s.DeriveKeyPair(seed)
			return must(pk.MarshalBinary()), must(sk.MarshalBinary()), func(ct []byte) []byte { return must(s.Decapsulate(sk, ct)) }
		},
		encaps: func(ek, m []byte) ([]byte, []byte) {
			c, k, err := s.EncapsulateDeterministically(must(s.UnmarshalBinaryPublicKey(ek)), m)
			return must(k, err), c
		},
		parse: func(b []byte) ([]byte, error) {
			pk, err := s.UnmarshalBinaryPublicKey(b)
			if err != nil {
				return nil, err
			}
			return must(pk.MarshalBinary()), nil
		},
		fromExpanded: func(b []byte) ([]byte, func([]byte) ([]byte, error), error) {
			sk, err := s.UnmarshalBinaryPrivateKey(b)
			if err != nil {
				return nil, nil, err
			}
			return must(sk.Public().MarshalBinary()), func(ct []byte) ([]byte, error) { return s.Decapsulate(sk, ct) }, nil
		},
	}
}

var mlkemSets = []mlkemSet{
	{
		name: "ML-KEM-512", ekSize: mlkem.EncapsulationKeySize512, ctSize: mlkem.CiphertextSize512,
		ours: withExpanded(goImpl(mlkem.NewDecapsulationKey512, mlkem.NewEncapsulationKey512, mlkemtest.Encapsulate512),
			mlkem.NewDecapsulationKeyFromExpanded512),
		circl: circlImpl(mlkem512.Scheme()),
	},
	{
		name: "ML-KEM-768", ekSize: mlkem.EncapsulationKeySize768, ctSize: mlkem.CiphertextSize768,
		ours: withExpanded(goImpl(mlkem.NewDecapsulationKey768, mlkem.NewEncapsulationKey768, mlkemtest.Encapsulate768),
			mlkem.NewDecapsulationKeyFromExpanded768),
		std:   goImpl(stdmlkem.NewDecapsulationKey768, stdmlkem.NewEncapsulationKey768, stdmlkemtest.Encapsulate768),
		circl: circlImpl(mlkem768.Scheme()),
	},
	{
		name: "ML-KEM-1024", ekSize: mlkem.EncapsulationKeySize1024, ctSize: mlkem.CiphertextSize1024,
		ours: withExpanded(goImpl(mlkem.NewDecapsulationKey1024, mlkem.NewEncapsulationKey1024, mlkemtest.Encapsulate1024),
			mlkem.NewDecapsulationKeyFromExpanded1024),
		std:   goImpl(stdmlkem.NewDecapsulationKey1024, stdmlkem.NewEncapsulationKey1024, stdmlkemtest.Encapsulate1024),
		circl: circlImpl(mlkem1024.Scheme()),
	},
}
