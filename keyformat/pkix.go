package keyformat

import (
	encoding_asn1 "encoding/asn1"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// MarshalPKIXPublicKey converts a public key to the RFC 5280
// SubjectPublicKeyInfo DER form: the AlgorithmIdentifier of the parameter
// set, without parameters, and the encoded key as the BIT STRING (RFC 9935,
// Section 4; RFC 9881, Section 4).
//
// The key must be a *mlkem.EncapsulationKey512, *mlkem.EncapsulationKey768,
// *mlkem.EncapsulationKey1024 or *mldsa.PublicKey.
func MarshalPKIXPublicKey(pub any) ([]byte, error) {
	s, key, err := publicScheme(pub)
	if err != nil {
		return nil, err
	}
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addAlgorithm(b, s)
		b.AddASN1BitString(key)
	})
	return b.Bytes()
}

// ParsePKIXPublicKey parses a public key in the RFC 5280
// SubjectPublicKeyInfo DER form. It returns a *mlkem.EncapsulationKey512,
// *mlkem.EncapsulationKey768, *mlkem.EncapsulationKey1024 or
// *mldsa.PublicKey; more types may be added in the future. An ML-KEM key
// is imported with the modulus check of FIPS 203, Section 7.2.
//
// The AlgorithmIdentifier parameters must be absent; input that is not
// valid DER, or has trailing data, is rejected.
func ParsePKIXPublicKey(der []byte) (any, error) {
	spki, err := readOuter(der, "SubjectPublicKeyInfo")
	if err != nil {
		return nil, err
	}
	s, err := readAlgorithm(&spki, "SubjectPublicKeyInfo algorithm")
	if err != nil {
		return nil, err
	}
	var bits encoding_asn1.BitString
	if !spki.ReadASN1BitString(&bits) {
		return nil, fmt.Errorf("keyformat: %s subjectPublicKey is not a DER BIT STRING", s.name)
	}
	if !spki.Empty() {
		return nil, fmt.Errorf("keyformat: %s SubjectPublicKeyInfo has %d bytes of unexpected data after subjectPublicKey", s.name, len(spki))
	}
	if bits.BitLength%8 != 0 {
		return nil, fmt.Errorf("keyformat: %s subjectPublicKey is %d bits, not whole bytes", s.name, bits.BitLength)
	}
	if err := s.checkSize("public key", bits.Bytes, s.publicSize); err != nil {
		return nil, err
	}
	key, err := s.newPublic(bits.Bytes)
	return s.wrap("public key", key, err)
}
