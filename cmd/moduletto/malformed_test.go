package main

import (
	"bytes"
	"encoding/pem"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMalformedKeyFiles: key files are attacker input. Every prefix of a
// valid key and every single-byte corruption of it is decoded without a
// panic; the prefixes are all rejected.
func TestMalformedKeyFiles(t *testing.T) {
	for _, name := range []string{"ML-KEM-512-seed.priv", "ML-KEM-512-both.priv", "ML-DSA-44-expanded.priv", "ML-KEM-512.pub", "ML-DSA-44.pub"} {
		der := pemDER(t, readRFC(t, name))
		pemData := readRFC(t, name)
		for _, in := range [][]byte{der, pemData} {
			for n := range len(in) {
				if n == len(bytes.TrimRight(in, "\n")) {
					continue // the PEM without its final newline
				}
				_, err := decodeKey(in[:n], informAuto, "")
				assert.Error(t, err, "%s: a prefix of %d of %d bytes", name, n, len(in))
			}
		}
		step := max(1, len(der)/300)
		for i := 0; i < len(der); i += step {
			for _, x := range []byte{0x01, 0x80, 0xff} {
				bad := bytes.Clone(der)
				bad[i] ^= x
				k, err := decodeKey(bad, informAuto, "")
				if err == nil {
					assert.NotNil(t, k)
				}
			}
		}
	}
	for name, in := range map[string]string{
		"empty":           "",
		"bad base64":      "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n",
		"headers":         "-----BEGIN PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END PRIVATE KEY-----\n",
		"certificate":     string(readRFC(t, "ML-DSA-44.crt")),
		"two blocks":      string(readRFC(t, "ML-DSA-44.pub")) + string(readRFC(t, "ML-DSA-44.pub")),
		"public as priv":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pemDER(t, readRFC(t, "ML-DSA-44.pub"))})),
		"unknown type":    string(pem.EncodeToMemory(&pem.Block{Type: "ML-KEM-768 SECRET", Bytes: make([]byte, 64)})),
		"short raw seed":  string(pem.EncodeToMemory(&pem.Block{Type: "ML-DSA-65 SEED", Bytes: make([]byte, 31)})),
		"bad raw ek":      string(pem.EncodeToMemory(&pem.Block{Type: "ML-KEM-512 PUBLIC KEY", Bytes: bytes.Repeat([]byte{0xff}, 800)})),
		"odd size raw":    string(make([]byte, 33)),
		"DER of nothing":  "\x30\x00",
		"DER, wrong type": "\x30\x03\x02\x01\x05",
	} {
		_, err := decodeKey([]byte(in), informAuto, "")
		assert.Error(t, err, name)
		r := moduletto(t, []byte(in), "inspect")
		assert.Equal(t, 1, r.code, name)
		assert.Contains(t, r.stderr, "moduletto inspect: standard input: ", name)
	}
}
