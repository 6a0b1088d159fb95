package main

import (
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem"
)

// testKEM is ML-KEM-768 under another name and other Go types, which
// keyformat does not know: it stands for a scheme registered later that has
// no OID in PKCS#8 and SubjectPublicKeyInfo. It is registered in the test
// binary only.
type testKEM struct{ kem.Scheme }

type testDK struct{ kem.DecapsulationKey }

type testEK struct{ crypto.Encapsulator }

const testKEMName = "TEST-KEM"

func init() {
	s, err := kem.Lookup("ML-KEM-768")
	if err != nil {
		panic(err)
	}
	kem.Register(testKEM{s})
}

func (testKEM) Name() string { return testKEMName }

func (s testKEM) GenerateKey() (kem.DecapsulationKey, error) {
	dk, err := s.Scheme.GenerateKey()
	if err != nil {
		return nil, err
	}
	return testDK{dk}, nil
}

func (s testKEM) NewDecapsulationKey(seed []byte) (kem.DecapsulationKey, error) {
	dk, err := s.Scheme.NewDecapsulationKey(seed)
	if err != nil {
		return nil, err
	}
	return testDK{dk}, nil
}

func (s testKEM) NewEncapsulationKey(b []byte) (crypto.Encapsulator, error) {
	ek, err := s.Scheme.NewEncapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return testEK{ek}, nil
}

func TestSchemeWithoutOID(t *testing.T) {
	inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "t.key", testKEMName)
	priv := mustRun(t, nil, "convert", "t.key")
	block, _ := pem.Decode([]byte(priv))
	require.NotNil(t, block)
	assert.Equal(t, testKEMName+" SEED", block.Type)
	assert.Len(t, block.Bytes, 64)

	pub := mustRun(t, nil, "pub", "t.key")
	block, _ = pem.Decode([]byte(pub))
	require.NotNil(t, block)
	assert.Equal(t, testKEMName+" PUBLIC KEY", block.Type)
	assert.Len(t, block.Bytes, 1184)

	info := mustRun(t, []byte(pub), "inspect")
	assert.Contains(t, info, "scheme:      TEST-KEM (KEM)")
	assert.NotContains(t, info, "oid:")
	sum := sha256.Sum256(append([]byte(testKEMName+"\x00"), block.Bytes...))
	assert.Contains(t, info, "fingerprint: SHA256:"+base64.RawStdEncoding.EncodeToString(sum[:]))

	for _, args := range [][]string{
		{"keygen", "-outform", "der", testKEMName},
		{"pub", "-outform", "der", "t.key"},
		{"convert", "-form", "both", "t.key"},
	} {
		r := moduletto(t, nil, args...)
		assert.Equal(t, 1, r.code, "%v", args)
		assert.Contains(t, r.stderr, "has no algorithm OID in PKCS#8 or SubjectPublicKeyInfo", "%v", args)
	}
	r := moduletto(t, nil, "convert", "-outform", "raw", "-form", "expanded", "t.key")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "TEST-KEM keys have no expanded form")

	secret := mustRun(t, []byte(pub), "encaps", "-k", "-", "-o", "ct")
	assert.Equal(t, secret, mustRun(t, nil, "decaps", "-k", "t.key", "ct"))

	// A raw public key of 1184 bytes is ML-KEM-768's or TEST-KEM's.
	raw := mustRun(t, []byte(pub), "pub", "-outform", "raw")
	r = moduletto(t, []byte(raw), "inspect")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "may be a key of ML-KEM-768, TEST-KEM: name the scheme with -scheme")
	assert.Equal(t, pub, mustRun(t, []byte(raw), "pub", "-scheme", "test-kem"))
}

// TestHybridExampleKeyFiles reads the PEM types the hybrid example writes.
func TestHybridExampleKeyFiles(t *testing.T) {
	inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "k.key", "ML-KEM-1024")
	seed := mustRun(t, nil, "convert", "-outform", "raw", "k.key")
	ek := mustRun(t, nil, "pub", "-outform", "raw", "k.key")
	fp := fingerprintLine(t, mustRun(t, nil, "inspect", "k.key"))
	for typ, data := range map[string]string{"ML-KEM-1024 SEED": seed, "ML-KEM-1024 ENCAPSULATION KEY": ek, "ML-KEM-1024 PUBLIC KEY": ek} {
		file := pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: []byte(data)})
		info := mustRun(t, file, "inspect")
		assert.Equal(t, fp, fingerprintLine(t, info), typ)
		assert.Contains(t, info, "encoding:    PEM, ", typ)
		if strings.HasSuffix(typ, "SEED") {
			assert.Equal(t, mustRun(t, nil, "convert", "k.key"), mustRun(t, file, "convert"), "converted to PKCS#8")
		}
	}
}
