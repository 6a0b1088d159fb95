package keyformat

import (
	"bytes"
	encoding_asn1 "encoding/asn1"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// Form selects the representation of a private key inside PKCS#8: one of the
// three alternatives of the ML-KEM and ML-DSA private key CHOICE (RFC 9935,
// Section 6; RFC 9881, Section 6).
type Form int

const (
	// FormSeed writes the seed alone: seed [0] IMPLICIT OCTET STRING, 64
	// bytes (d ‖ z) for ML-KEM and 32 bytes (ξ) for ML-DSA. Both RFCs
	// recommend it, and it is what MarshalPKCS8PrivateKey writes.
	FormSeed Form = iota
	// FormExpanded writes the expanded key alone, as an OCTET STRING: the
	// FIPS 203 decapsulation key dk (768k+96 bytes) or the FIPS 204 skEncode
	// form (2560, 4032 or 4896 bytes). It is the only form a key imported
	// from the expanded form, which has no seed, can be written in.
	FormExpanded
	// FormBoth writes SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }.
	FormBoth
)

var formNames = [...]string{FormSeed: "seed", FormExpanded: "expandedKey", FormBoth: "both"}

// String returns the name of the CHOICE alternative: "seed", "expandedKey"
// or "both".
func (f Form) String() string {
	if f >= 0 && int(f) < len(formNames) {
		return formNames[f]
	}
	return fmt.Sprintf("Form(%d)", int(f))
}

// seedTag is the tag of the seed alternative, [0] IMPLICIT OCTET STRING:
// context-specific, primitive, 0x80.
const seedTag = asn1.Tag(0) | asn1.Tag(0x80)

// MarshalPKCS8PrivateKey converts a private key to PKCS#8, RFC 5958
// OneAsymmetricKey version 0 (v1), in the seed form (see
// MarshalPKCS8PrivateKeyForm for the others).
//
// The key must be a *mlkem.DecapsulationKey512, *mlkem.DecapsulationKey768,
// *mlkem.DecapsulationKey1024 or *mldsa.PrivateKey. A key imported from the
// expanded form has no seed: MarshalPKCS8PrivateKey returns an error for it,
// and MarshalPKCS8PrivateKeyForm with FormExpanded writes it.
func MarshalPKCS8PrivateKey(key any) ([]byte, error) {
	return MarshalPKCS8PrivateKeyForm(key, FormSeed)
}

// MarshalPKCS8PrivateKeyForm is MarshalPKCS8PrivateKey with the private key
// written in the given form. FormSeed and FormBoth need the key's seed:
// for a key imported from the expanded form they return an error, and
// only FormExpanded writes it.
func MarshalPKCS8PrivateKeyForm(key any, form Form) ([]byte, error) {
	s, k, err := privateScheme(key)
	if err != nil {
		return nil, err
	}
	var seed, expanded []byte
	if form == FormSeed || form == FormBoth {
		if seed = k.Bytes(); seed == nil {
			return nil, fmt.Errorf("keyformat: %s private key has no seed (it was imported from the expanded form): it can only be written as %v (FormExpanded), not %v", s.name, FormExpanded, form)
		}
	}
	if form == FormExpanded || form == FormBoth {
		expanded = k.ExpandedBytes()
	}
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(0) // version v1
		addAlgorithm(b, s)
		b.AddASN1(asn1.OCTET_STRING, func(b *cryptobyte.Builder) {
			switch form {
			case FormSeed:
				b.AddASN1(seedTag, func(b *cryptobyte.Builder) { b.AddBytes(seed) })
			case FormExpanded:
				b.AddASN1OctetString(expanded)
			case FormBoth:
				b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
					b.AddASN1OctetString(seed)
					b.AddASN1OctetString(expanded)
				})
			default:
				b.SetError(fmt.Errorf("keyformat: unknown private key form %v, want FormSeed, FormExpanded or FormBoth", form))
			}
		})
	})
	clear(seed)
	clear(expanded)
	return b.Bytes()
}

// addAlgorithm writes the AlgorithmIdentifier of s: the OID alone, as both
// RFCs require the parameters to be absent.
func addAlgorithm(b *cryptobyte.Builder, s *scheme) {
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(s.oid)
	})
}

// ParsePKCS8PrivateKey parses a private key in PKCS#8, RFC 5958
// OneAsymmetricKey, DER form. It returns a *mlkem.DecapsulationKey512,
// *mlkem.DecapsulationKey768, *mlkem.DecapsulationKey1024 or
// *mldsa.PrivateKey; more types may be added in the future.
//
// Versions 0 (v1) and 1 (v2) are accepted; a publicKey field, which only
// version 1 may carry, must be the public key of the private key. Attributes
// are accepted and ignored. The AlgorithmIdentifier parameters must be
// absent. The private key may be in any form of the CHOICE, told apart by
// its tag: a seed is expanded into the key; an expanded key is imported with
// the checks of mlkem.NewDecapsulationKeyFromExpanded768 or
// mldsa.NewPrivateKeyFromExpanded (and the key has no seed); for both, the
// key is derived from the seed and its expanded encoding must equal the one
// given (compared in constant time).
//
// Input that is not valid DER, or has trailing data, is rejected.
func ParsePKCS8PrivateKey(der []byte) (any, error) {
	oak, err := readOuter(der, "PKCS#8 private key")
	if err != nil {
		return nil, err
	}
	var version int64
	if !oak.ReadASN1Integer(&version) {
		return nil, errors.New("keyformat: PKCS#8 version is not a DER INTEGER")
	}
	if version != 0 && version != 1 {
		return nil, fmt.Errorf("keyformat: PKCS#8 version %d, want 0 (v1) or 1 (v2)", version)
	}
	s, err := readAlgorithm(&oak, "PKCS#8 privateKeyAlgorithm")
	if err != nil {
		return nil, err
	}
	var priv cryptobyte.String
	if !oak.ReadASN1(&priv, asn1.OCTET_STRING) {
		return nil, fmt.Errorf("keyformat: %s PKCS#8 privateKey is not a DER OCTET STRING", s.name)
	}
	if !oak.SkipOptionalASN1(asn1.Tag(0).Constructed().ContextSpecific()) {
		return nil, fmt.Errorf("keyformat: %s PKCS#8 attributes are not valid DER", s.name)
	}
	var pub cryptobyte.String
	var hasPub bool
	if !oak.ReadOptionalASN1(&pub, &hasPub, asn1.Tag(1).ContextSpecific()) {
		return nil, fmt.Errorf("keyformat: %s PKCS#8 publicKey is not valid DER", s.name)
	}
	if !oak.Empty() {
		return nil, fmt.Errorf("keyformat: %s PKCS#8 private key has %d bytes of unexpected data after its last field", s.name, len(oak))
	}
	var pubKey []byte
	if hasPub {
		if version == 0 {
			return nil, fmt.Errorf("keyformat: %s PKCS#8 private key of version 0 (v1) has a publicKey, which needs version 1 (v2)", s.name)
		}
		// publicKey [1] IMPLICIT BIT STRING: the first content octet is
		// the number of unused bits, which must be 0 for a key of whole
		// bytes (and is 0 in DER for an empty string).
		if len(pub) == 0 || pub[0] != 0 {
			return nil, fmt.Errorf("keyformat: %s PKCS#8 publicKey is not a BIT STRING of whole bytes", s.name)
		}
		if pubKey = pub[1:]; len(pubKey) != s.publicSize {
			return nil, fmt.Errorf("keyformat: %s PKCS#8 publicKey is %d bytes, want %d", s.name, len(pubKey), s.publicSize)
		}
	}
	key, err := parsePrivateKeyChoice(s, priv)
	if err != nil {
		return nil, err
	}
	if hasPub && !bytes.Equal(s.publicOf(key), pubKey) {
		return nil, fmt.Errorf("keyformat: %s PKCS#8 publicKey is not the public key of the private key", s.name)
	}
	return key, nil
}

// readOuter returns the contents of der, which must be one DER SEQUENCE and
// nothing more. what names the structure in errors.
func readOuter(der []byte, what string) (cryptobyte.String, error) {
	in := cryptobyte.String(der)
	var body cryptobyte.String
	if !in.ReadASN1(&body, asn1.SEQUENCE) {
		return nil, fmt.Errorf("keyformat: %s is not a DER SEQUENCE", what)
	}
	if !in.Empty() {
		return nil, fmt.Errorf("keyformat: %d bytes of trailing data after the %s", len(in), what)
	}
	return body, nil
}

// readAlgorithm reads an AlgorithmIdentifier and returns its scheme. where
// names the field in errors.
func readAlgorithm(in *cryptobyte.String, where string) (*scheme, error) {
	var alg cryptobyte.String
	if !in.ReadASN1(&alg, asn1.SEQUENCE) {
		return nil, fmt.Errorf("keyformat: %s is not a DER SEQUENCE", where)
	}
	var oid encoding_asn1.ObjectIdentifier
	if !alg.ReadASN1ObjectIdentifier(&oid) {
		return nil, fmt.Errorf("keyformat: %s algorithm is not a DER OBJECT IDENTIFIER", where)
	}
	s := schemeByOID(oid)
	if s == nil {
		return nil, fmt.Errorf("keyformat: unknown algorithm OID %v in %s, want one of ML-KEM-512, -768, -1024 (2.16.840.1.101.3.4.4.1-3) or ML-DSA-44, -65, -87 (2.16.840.1.101.3.4.3.17-19)", oid, where)
	}
	if !alg.Empty() {
		var tag asn1.Tag
		var params cryptobyte.String
		desc := "not valid DER"
		if alg.ReadAnyASN1(&params, &tag) {
			desc = fmt.Sprintf("tag 0x%02x, %d bytes", tag, len(params))
		}
		return nil, fmt.Errorf("keyformat: %s AlgorithmIdentifier has parameters (%s); %s requires them absent", s.name, desc, s.rfc)
	}
	return s, nil
}

// parsePrivateKeyChoice parses the contents of the privateKey OCTET STRING:
// the private key CHOICE, told apart by its tag as both RFCs ask.
func parsePrivateKeyChoice(s *scheme, priv cryptobyte.String) (any, error) {
	var body cryptobyte.String
	var tag asn1.Tag
	if !priv.ReadAnyASN1(&body, &tag) {
		return nil, fmt.Errorf("keyformat: %s privateKey does not hold a DER element", s.name)
	}
	if !priv.Empty() {
		return nil, fmt.Errorf("keyformat: %s privateKey has %d bytes of trailing data after its private key", s.name, len(priv))
	}
	switch tag {
	case seedTag:
		if err := s.checkSize("seed", body, s.seedSize); err != nil {
			return nil, err
		}
		key, err := s.fromSeed(body)
		return s.wrap("seed", key, err)
	case asn1.OCTET_STRING:
		if err := s.checkSize("expandedKey", body, s.expandedSize); err != nil {
			return nil, err
		}
		key, err := s.fromExpanded(body)
		return s.wrap("expandedKey", key, err)
	case asn1.SEQUENCE:
		var seed, expanded cryptobyte.String
		if !body.ReadASN1(&seed, asn1.OCTET_STRING) {
			return nil, fmt.Errorf("keyformat: %s private key in the both form: seed is not a DER OCTET STRING", s.name)
		}
		if !body.ReadASN1(&expanded, asn1.OCTET_STRING) {
			return nil, fmt.Errorf("keyformat: %s private key in the both form: expandedKey is not a DER OCTET STRING", s.name)
		}
		if !body.Empty() {
			return nil, fmt.Errorf("keyformat: %s private key in the both form has %d bytes after expandedKey", s.name, len(body))
		}
		if err := s.checkSize("seed", seed, s.seedSize); err != nil {
			return nil, err
		}
		if err := s.checkSize("expandedKey", expanded, s.expandedSize); err != nil {
			return nil, err
		}
		key, err := s.fromBoth(seed, expanded)
		return s.wrap("private key", key, err)
	}
	return nil, fmt.Errorf("keyformat: %s private key has tag 0x%02x, want seed [0] (0x80), expandedKey OCTET STRING (0x04) or both SEQUENCE (0x30)", s.name, tag)
}

// checkSize returns an error naming field if b is not want bytes long.
func (s *scheme) checkSize(field string, b []byte, want int) error {
	if len(b) != want {
		return fmt.Errorf("keyformat: %s %s is %d bytes, want %d", s.name, field, len(b), want)
	}
	return nil
}

// wrap returns key, or err prefixed with the scheme and field.
func (s *scheme) wrap(field string, key any, err error) (any, error) {
	if err != nil {
		return nil, fmt.Errorf("keyformat: %s %s: %w", s.name, field, err)
	}
	return key, nil
}
