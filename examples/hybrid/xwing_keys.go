package main

import (
	encoding_asn1 "encoding/asn1"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// X-Wing keys in PKCS#8 and SubjectPublicKeyInfo, as
// draft-connolly-cfrg-xwing-kem-10, §5.8 ("Use in X.509 Public Key
// Infrastructure") defines them; package keyformat covers the ML-KEM and
// ML-DSA sets only:
//
//	OneAsymmetricKey ::= SEQUENCE { version INTEGER (0),
//	    privateKeyAlgorithm SEQUENCE { id-XWing },   -- parameters absent
//	    privateKey OCTET STRING (the 32-byte seed sk) }
//	SubjectPublicKeyInfo ::= SEQUENCE { algorithm SEQUENCE { id-XWing },
//	    subjectPublicKey BIT STRING (the 1216-byte pk_M ‖ pk_X) }
//
// Attributes and the publicKey field are not allowed ("The publicKey
// component MUST be absent").

// oidXWing is id-XWing, 1.3.6.1.4.1.62253.25722.
var oidXWing = encoding_asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 62253, 25722}

// hasXWingOID reports whether der starts like a PKCS#8 (private) or SPKI
// structure whose algorithm is id-XWing, so that the key goes to the X-Wing
// parser rather than to package keyformat.
func hasXWingOID(der []byte, private bool) bool {
	s := cryptobyte.String(der)
	var seq, alg cryptobyte.String
	var version int64
	var oid encoding_asn1.ObjectIdentifier
	return s.ReadASN1(&seq, asn1.SEQUENCE) &&
		(!private || seq.ReadASN1Integer(&version)) &&
		seq.ReadASN1(&alg, asn1.SEQUENCE) &&
		alg.ReadASN1ObjectIdentifier(&oid) && oid.Equal(oidXWing)
}

func addXWingAlgorithm(b *cryptobyte.Builder) {
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(oidXWing) })
}

// marshalXWingPKCS8 encodes the seed of k as a OneAsymmetricKey.
func marshalXWingPKCS8(k *xwingDecapsulationKey) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(0)
		addXWingAlgorithm(b)
		b.AddASN1OctetString(k.seed[:])
	})
	return b.Bytes()
}

// marshalXWingSPKI encodes ek as a SubjectPublicKeyInfo.
func marshalXWingSPKI(ek *xwingEncapsulationKey) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addXWingAlgorithm(b)
		b.AddASN1BitString(ek.Bytes())
	})
	return b.Bytes()
}

// readXWingAlgorithm reads an AlgorithmIdentifier that must be id-XWing
// without parameters.
func readXWingAlgorithm(s *cryptobyte.String) error {
	var alg cryptobyte.String
	var oid encoding_asn1.ObjectIdentifier
	if !s.ReadASN1(&alg, asn1.SEQUENCE) || !alg.ReadASN1ObjectIdentifier(&oid) {
		return errors.New("malformed AlgorithmIdentifier")
	}
	if !oid.Equal(oidXWing) {
		return fmt.Errorf("algorithm %v, want id-XWing %v", oid, oidXWing)
	}
	if !alg.Empty() {
		return errors.New("the id-XWing AlgorithmIdentifier has parameters; they must be absent")
	}
	return nil
}

// parseXWingPKCS8 parses a OneAsymmetricKey holding an X-Wing seed, strictly:
// DER, version 0, no attributes, no public key, nothing after it.
func parseXWingPKCS8(der []byte) (*xwingDecapsulationKey, error) {
	s := cryptobyte.String(der)
	var seq cryptobyte.String
	var version int64
	var seed []byte
	if !s.ReadASN1(&seq, asn1.SEQUENCE) || !s.Empty() {
		return nil, errors.New("X-Wing private key: not one DER SEQUENCE")
	}
	if !seq.ReadASN1Integer(&version) || version != 0 {
		return nil, errors.New("X-Wing private key: want PKCS#8 version 0")
	}
	if err := readXWingAlgorithm(&seq); err != nil {
		return nil, fmt.Errorf("X-Wing private key: %w", err)
	}
	if !seq.ReadASN1Bytes(&seed, asn1.OCTET_STRING) {
		return nil, errors.New("X-Wing private key: malformed privateKey OCTET STRING")
	}
	if !seq.Empty() {
		return nil, errors.New("X-Wing private key: attributes or a public key follow the private key; the draft allows neither")
	}
	k, err := newXWingDecapsulationKey(seed)
	if err != nil {
		return nil, fmt.Errorf("X-Wing private key: %w", err)
	}
	return k, nil
}

// parseXWingSPKI parses a SubjectPublicKeyInfo holding an X-Wing public key.
func parseXWingSPKI(der []byte) (*xwingEncapsulationKey, error) {
	s := cryptobyte.String(der)
	var seq cryptobyte.String
	var bits encoding_asn1.BitString
	if !s.ReadASN1(&seq, asn1.SEQUENCE) || !s.Empty() {
		return nil, errors.New("X-Wing public key: not one DER SEQUENCE")
	}
	if err := readXWingAlgorithm(&seq); err != nil {
		return nil, fmt.Errorf("X-Wing public key: %w", err)
	}
	if !seq.ReadASN1BitString(&bits) || !seq.Empty() || bits.BitLength%8 != 0 {
		return nil, errors.New("X-Wing public key: malformed subjectPublicKey BIT STRING")
	}
	ek, err := newXWingEncapsulationKey(bits.Bytes)
	if err != nil {
		return nil, fmt.Errorf("invalid X-Wing public key: %w", err)
	}
	return ek, nil
}
