package keyformat

import (
	"crypto/subtle"
	encoding_asn1 "encoding/asn1"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// A scheme is one parameter set with its OID (RFC 9935, Section 3; RFC 9881,
// Section 2), its sizes and the constructors of its key types.
type scheme struct {
	name         string // "ML-KEM-768", "ML-DSA-65"
	rfc          string // the RFC that defines its key formats
	oid          encoding_asn1.ObjectIdentifier
	seedSize     int
	expandedSize int
	publicSize   int

	fromSeed     func(seed []byte) (any, error)
	fromExpanded func(expanded []byte) (any, error)
	// fromBoth returns errMismatch if the key derived from seed does not
	// have the expanded encoding expanded.
	fromBoth  func(seed, expanded []byte) (any, error)
	newPublic func(b []byte) (any, error)
	// publicOf returns the encoded public key of a private key that
	// fromSeed, fromExpanded or fromBoth returned.
	publicOf func(priv any) []byte
}

var (
	errMismatch     = errors.New("seed and expandedKey do not match")
	errInconsistent = errors.New("the decapsulation key does not belong to its encapsulation key (pairwise check: a shared key encapsulated to ek does not decapsulate)")
)

// nistAlgorithms is 2.16.840.1.101.3.4: kems(4) and sigAlgs(3) sit below it.
func nistOID(arc, n int) encoding_asn1.ObjectIdentifier {
	return encoding_asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, arc, n}
}

// kemScheme builds the entry of one ML-KEM parameter set from the
// constructors of kem/mlkem, whose types differ per set.
func kemScheme[DK interface {
	ExpandedBytes() []byte
	Decapsulate(ciphertext []byte) ([]byte, error)
	EncapsulationKey() EK
}, EK interface {
	Encapsulate() (sharedKey, ciphertext []byte)
}](name string, n, expandedSize, publicSize int,
	fromSeed func([]byte) (DK, error),
	fromExpanded func([]byte) (DK, error),
	newPublic func([]byte) (any, error),
	publicOf func(DK) []byte) *scheme {
	return &scheme{
		name:         name,
		rfc:          "RFC 9935",
		oid:          nistOID(4, n),
		seedSize:     mlkem.SeedSize,
		expandedSize: expandedSize,
		publicSize:   publicSize,
		fromSeed:     func(b []byte) (any, error) { return fromSeed(b) },
		fromExpanded: func(b []byte) (any, error) {
			dk, err := fromExpanded(b)
			if err != nil {
				return nil, err
			}
			// FIPS 203's hash check (Section 7.3, done by fromExpanded)
			// does not see a dk_PKE that does not belong to ek (RFC 9935,
			// Appendix C, the second inconsistent example): a pairwise
			// check, one encapsulation to ek and its decapsulation, does.
			k, c := dk.EncapsulationKey().Encapsulate()
			k2, err := dk.Decapsulate(c)
			if err != nil || subtle.ConstantTimeCompare(k, k2) != 1 {
				return nil, errInconsistent
			}
			return dk, nil
		},
		fromBoth: func(seed, expanded []byte) (any, error) {
			dk, err := fromSeed(seed)
			if err != nil {
				return nil, err
			}
			if subtle.ConstantTimeCompare(dk.ExpandedBytes(), expanded) != 1 {
				return nil, errMismatch
			}
			return dk, nil
		},
		newPublic: newPublic,
		publicOf:  func(k any) []byte { return publicOf(k.(DK)) },
	}
}

// dsaScheme builds the entry of one ML-DSA parameter set.
func dsaScheme(p mldsa.Parameters, n int) *scheme {
	return &scheme{
		name:         p.String(),
		rfc:          "RFC 9881",
		oid:          nistOID(3, n),
		seedSize:     mldsa.PrivateKeySize,
		expandedSize: p.ExpandedPrivateKeySize(),
		publicSize:   p.PublicKeySize(),
		fromSeed:     func(b []byte) (any, error) { return mldsa.NewPrivateKey(p, b) },
		fromExpanded: func(b []byte) (any, error) { return mldsa.NewPrivateKeyFromExpanded(p, b) },
		fromBoth: func(seed, expanded []byte) (any, error) {
			// NewPrivateKeyFromSeedAndExpanded derives the key from the seed
			// and compares the expanded encodings in constant time. The
			// lengths have been checked, so its only error is a mismatch.
			sk, err := mldsa.NewPrivateKeyFromSeedAndExpanded(p, seed, expanded)
			if err != nil {
				return nil, errMismatch
			}
			return sk, nil
		},
		newPublic: func(b []byte) (any, error) { return mldsa.NewPublicKey(p, b) },
		publicOf:  func(k any) []byte { return k.(*mldsa.PrivateKey).PublicKeyBytes() },
	}
}

var (
	mlkem512 = kemScheme("ML-KEM-512", 1,
		mlkem.ExpandedDecapsulationKeySize512, mlkem.EncapsulationKeySize512,
		mlkem.NewDecapsulationKey512, mlkem.NewDecapsulationKeyFromExpanded512,
		func(b []byte) (any, error) { return mlkem.NewEncapsulationKey512(b) },
		func(dk *mlkem.DecapsulationKey512) []byte { return dk.EncapsulationKey().Bytes() })
	mlkem768 = kemScheme("ML-KEM-768", 2,
		mlkem.ExpandedDecapsulationKeySize768, mlkem.EncapsulationKeySize768,
		mlkem.NewDecapsulationKey768, mlkem.NewDecapsulationKeyFromExpanded768,
		func(b []byte) (any, error) { return mlkem.NewEncapsulationKey768(b) },
		func(dk *mlkem.DecapsulationKey768) []byte { return dk.EncapsulationKey().Bytes() })
	mlkem1024 = kemScheme("ML-KEM-1024", 3,
		mlkem.ExpandedDecapsulationKeySize1024, mlkem.EncapsulationKeySize1024,
		mlkem.NewDecapsulationKey1024, mlkem.NewDecapsulationKeyFromExpanded1024,
		func(b []byte) (any, error) { return mlkem.NewEncapsulationKey1024(b) },
		func(dk *mlkem.DecapsulationKey1024) []byte { return dk.EncapsulationKey().Bytes() })

	mldsa44 = dsaScheme(mldsa.MLDSA44(), 17)
	mldsa65 = dsaScheme(mldsa.MLDSA65(), 18)
	mldsa87 = dsaScheme(mldsa.MLDSA87(), 19)

	schemes = []*scheme{mlkem512, mlkem768, mlkem1024, mldsa44, mldsa65, mldsa87}
)

func schemeByOID(oid encoding_asn1.ObjectIdentifier) *scheme {
	for _, s := range schemes {
		if s.oid.Equal(oid) {
			return s
		}
	}
	return nil
}

func dsaSchemeOf(p mldsa.Parameters) *scheme {
	switch p {
	case mldsa.MLDSA44():
		return mldsa44
	case mldsa.MLDSA65():
		return mldsa65
	case mldsa.MLDSA87():
		return mldsa87
	}
	return nil
}

// privateKey is what the private key types of kem/mlkem and dsa/mldsa have
// in common: the seed (nil for a key imported from the expanded form) and
// the expanded encoding.
type privateKey interface {
	Bytes() []byte
	ExpandedBytes() []byte
}

// privateScheme returns the scheme of a private key of a supported type.
func privateScheme(key any) (*scheme, privateKey, error) {
	switch k := key.(type) {
	case *mlkem.DecapsulationKey512:
		if k != nil {
			return mlkem512, k, nil
		}
	case *mlkem.DecapsulationKey768:
		if k != nil {
			return mlkem768, k, nil
		}
	case *mlkem.DecapsulationKey1024:
		if k != nil {
			return mlkem1024, k, nil
		}
	case *mldsa.PrivateKey:
		if k == nil {
			break
		}
		if s := dsaSchemeOf(k.Parameters()); s != nil {
			return s, k, nil
		}
		return nil, nil, errors.New("keyformat: uninitialized *mldsa.PrivateKey")
	default:
		return nil, nil, unsupportedType(key, "private")
	}
	return nil, nil, fmt.Errorf("keyformat: nil %T", key)
}

// publicScheme returns the scheme and encoding of a public key of a
// supported type.
func publicScheme(pub any) (*scheme, []byte, error) {
	switch k := pub.(type) {
	case *mlkem.EncapsulationKey512:
		if k != nil {
			return mlkem512, k.Bytes(), nil
		}
	case *mlkem.EncapsulationKey768:
		if k != nil {
			return mlkem768, k.Bytes(), nil
		}
	case *mlkem.EncapsulationKey1024:
		if k != nil {
			return mlkem1024, k.Bytes(), nil
		}
	case *mldsa.PublicKey:
		if k == nil {
			break
		}
		if s := dsaSchemeOf(k.Parameters()); s != nil {
			return s, k.Bytes(), nil
		}
		return nil, nil, errors.New("keyformat: uninitialized *mldsa.PublicKey")
	default:
		return nil, nil, unsupportedType(pub, "public")
	}
	return nil, nil, fmt.Errorf("keyformat: nil %T", pub)
}

func unsupportedType(key any, kind string) error {
	if key == nil {
		return fmt.Errorf("keyformat: nil %s key", kind)
	}
	want := "*mlkem.DecapsulationKey512, 768 or 1024, or *mldsa.PrivateKey"
	if kind == "public" {
		want = "*mlkem.EncapsulationKey512, 768 or 1024, or *mldsa.PublicKey"
	}
	return fmt.Errorf("keyformat: unsupported %s key type %T, want %s", kind, key, want)
}
