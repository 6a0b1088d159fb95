package main

import (
	"bytes"
	"encoding/pem"
	"fmt"
	"strings"

	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"

	"github.com/moduletto/moduletto/keyformat"
)

// The PEM block types of keys. PKCS#8 and SubjectPublicKeyInfo use those of
// RFC 7468; a scheme without an OID there is written as its raw seed or
// public key under "<scheme> SEED" or "<scheme> PUBLIC KEY", the types the
// hybrid example has always written (which also wrote "<scheme>
// ENCAPSULATION KEY" for ML-KEM public keys; it is read too).
const (
	pemPrivateKey    = "PRIVATE KEY"
	pemPublicKey     = "PUBLIC KEY"
	pemSeedSuffix    = " SEED"
	pemPublicSuffix  = " PUBLIC KEY"
	pemEncapsSuffix  = " ENCAPSULATION KEY"
	maxKeyFileLength = 1 << 20
)

// The input encodings of -inform.
const (
	informAuto = ""
	informPEM  = "pem"
	informDER  = "der"
	informRaw  = "raw"
)

// decodeKey parses a key file: PEM (PKCS#8, SubjectPublicKeyInfo or a raw
// seed or public key under "<scheme> SEED" / "<scheme> PUBLIC KEY"), DER
// (PKCS#8 or SubjectPublicKeyInfo), or raw bytes (a seed or a public key,
// told apart by size; hint names the scheme where the size does not).
// inform forces one of the three, or is empty to tell them apart: PEM if
// the data holds "-----BEGIN ", DER if it is one DER SEQUENCE, raw
// otherwise.
func decodeKey(data []byte, inform, hint string) (*key, error) {
	if inform == informAuto {
		switch {
		case bytes.Contains(data, []byte("-----BEGIN ")):
			inform = informPEM
		case isDERSequence(data):
			inform = informDER
		default:
			if n, ok := derSequenceLength(data); ok {
				// Any 1312 bytes are an ML-DSA-44 public key: a cut DER
				// file must not pass for a raw key.
				return nil, fmt.Errorf("the input starts as a DER SEQUENCE of %d bytes but is %d bytes long (truncated?); for a raw key, give -inform raw", n, len(data))
			}
			inform = informRaw
		}
	}
	var hinted scheme
	if hint != "" {
		var err error
		if hinted, err = lookupScheme(hint); err != nil {
			return nil, err
		}
	}
	var k *key
	var err error
	switch inform {
	case informPEM:
		k, err = decodePEM(data)
	case informDER:
		k, err = decodeDER(data)
		if err == nil {
			k.encoding = "DER"
		}
	case informRaw:
		k, err = decodeRaw(data, hinted, hint != "")
	default:
		return nil, fmt.Errorf("unknown input form %q, want pem, der or raw", inform)
	}
	if err != nil {
		return nil, err
	}
	if hint != "" && k.s.name() != hinted.name() {
		return nil, fmt.Errorf("the key is %s, not %s as -scheme says", k.what(), hinted.name())
	}
	return k, nil
}

// isDERSequence reports whether data is a single DER SEQUENCE.
func isDERSequence(data []byte) bool {
	in := cryptobyte.String(data)
	var body cryptobyte.String
	return in.ReadASN1(&body, asn1.SEQUENCE) && in.Empty()
}

// derSequenceLength returns the length that data's first bytes give a DER
// SEQUENCE with a long-form length (1 to 3 length octets: 128 bytes to 16
// MiB, the size of every DER key), if they have that shape. A raw key
// starts so with probability below 2^-16 (0x30, then 0x81 to 0x83).
func derSequenceLength(data []byte) (int, bool) {
	if len(data) < 2 || data[0] != 0x30 || data[1] < 0x81 || data[1] > 0x83 {
		return 0, false
	}
	k := int(data[1] & 0x7f)
	if len(data) < 2+k {
		return 0, false
	}
	n := 0
	for _, b := range data[2 : 2+k] {
		n = n<<8 | int(b)
	}
	return 2 + k + n, true
}

func decodePEM(data []byte) (*key, error) {
	block, rest := pem.Decode(data)
	switch {
	case block == nil:
		return nil, fmt.Errorf("no PEM block found")
	case len(bytes.TrimSpace(rest)) != 0:
		return nil, fmt.Errorf("unexpected data after the %q PEM block (one key per file)", block.Type)
	case len(block.Headers) != 0:
		return nil, fmt.Errorf("PEM block %q has headers, which RFC 7468 does not allow (encrypted keys are not supported)", block.Type)
	}
	var k *key
	var err error
	switch block.Type {
	case pemPrivateKey, pemPublicKey:
		k, err = decodeDER(block.Bytes)
		if err == nil && (block.Type == pemPrivateKey) != k.isPrivate() {
			return nil, fmt.Errorf("PEM block %q holds %s", block.Type, k.what())
		}
	default:
		k, err = decodeRawPEM(block)
	}
	if err != nil {
		return nil, err
	}
	k.encoding = "PEM"
	return k, nil
}

// decodeRawPEM reads a "<scheme> SEED" or "<scheme> PUBLIC KEY" block.
func decodeRawPEM(block *pem.Block) (*key, error) {
	for _, s := range allSchemes() {
		name, ok := strings.CutPrefix(block.Type, s.name())
		if !ok {
			continue
		}
		switch name {
		case pemSeedSuffix:
			k, err := keyFromSeed(s, block.Bytes)
			if err != nil {
				return nil, err
			}
			k.container = "seed"
			return k, nil
		case pemPublicSuffix, pemEncapsSuffix:
			k, err := keyFromPublic(s, block.Bytes)
			if err != nil {
				return nil, err
			}
			k.container = "public key"
			return k, nil
		}
	}
	return nil, fmt.Errorf("PEM block type %q is not a key type; want %q, %q, or \"<scheme> SEED\" / \"<scheme> PUBLIC KEY\" for one of %s",
		block.Type, pemPrivateKey, pemPublicKey, schemeNames(allSchemes()))
}

// decodeDER parses PKCS#8 or SubjectPublicKeyInfo, told apart by the first
// field: a PKCS#8 OneAsymmetricKey starts with its version, an INTEGER; a
// SubjectPublicKeyInfo with its algorithm, a SEQUENCE.
func decodeDER(der []byte) (*key, error) {
	in := cryptobyte.String(der)
	var body cryptobyte.String
	if !in.ReadASN1(&body, asn1.SEQUENCE) || !in.Empty() {
		return nil, fmt.Errorf("not a DER key: want one DER SEQUENCE (PKCS#8 or SubjectPublicKeyInfo)")
	}
	if body.PeekASN1Tag(asn1.SEQUENCE) {
		parsed, err := keyformat.ParsePKIXPublicKey(der)
		if err != nil {
			return nil, err
		}
		k, err := fromKeyformat(parsed)
		if err != nil {
			return nil, err
		}
		k.container = "SubjectPublicKeyInfo"
		return k, nil
	}
	parsed, err := keyformat.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	k, err := fromKeyformat(parsed)
	if err != nil {
		return nil, err
	}
	k.container = "PKCS#8"
	k.form = pkcs8Form(der)
	return k, nil
}

// pkcs8Form returns the alternative of the private key CHOICE in a PKCS#8
// DER that keyformat has accepted, from the tag of the privateKey OCTET
// STRING's contents (RFC 9935 and RFC 9881, Section 6).
func pkcs8Form(der []byte) keyformat.Form {
	in := cryptobyte.String(der)
	var oak, alg, priv, choice cryptobyte.String
	var version int64
	var tag asn1.Tag
	if in.ReadASN1(&oak, asn1.SEQUENCE) && oak.ReadASN1Integer(&version) &&
		oak.ReadASN1(&alg, asn1.SEQUENCE) && oak.ReadASN1(&priv, asn1.OCTET_STRING) &&
		priv.ReadAnyASN1(&choice, &tag) {
		switch tag {
		case asn1.OCTET_STRING:
			return keyformat.FormExpanded
		case asn1.SEQUENCE:
			return keyformat.FormBoth
		}
	}
	return keyformat.FormSeed
}

// decodeRaw reads a raw seed or public key. Without a scheme (hinted false)
// the size must belong to exactly one scheme.
func decodeRaw(data []byte, s scheme, hinted bool) (*key, error) {
	if !hinted {
		found := rawCandidates(len(data))
		switch len(found) {
		case 0:
			return nil, fmt.Errorf("not a PEM or DER key, and no scheme has a seed or public key of %d bytes (raw input); %s", len(data), rawSizes())
		case 1:
			s = found[0]
		default:
			return nil, fmt.Errorf("raw input of %d bytes may be a key of %s: name the scheme with -scheme", len(data), schemeNames(found))
		}
	}
	var k *key
	var err error
	switch len(data) {
	case s.seedSize():
		k, err = keyFromSeed(s, data)
	case s.publicKeySize():
		k, err = keyFromPublic(s, data)
	default:
		return nil, fmt.Errorf("raw input of %d bytes: an %s seed is %d bytes and a public key %d", len(data), s.name(), s.seedSize(), s.publicKeySize())
	}
	if err != nil {
		return nil, err
	}
	k.encoding, k.container = "raw", "public key"
	if k.isPrivate() {
		k.container = "seed"
	}
	return k, nil
}

// rawSizes lists the raw sizes every scheme accepts, for messages.
func rawSizes() string {
	var b strings.Builder
	b.WriteString("raw keys are")
	for i, s := range allSchemes() {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s %d (seed) or %d (public key)", s.name(), s.seedSize(), s.publicKeySize())
	}
	return b.String()
}
