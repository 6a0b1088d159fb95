package keyformat

import (
	"bytes"
	"encoding/pem"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
)

var forms = []Form{FormSeed, FormExpanded, FormBoth}

// seq returns n bytes counting up from start.
func seq(start byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = start + byte(i)
	}
	return b
}

// newKey derives the private key of s from seq(start, seedSize).
func newKey(t testing.TB, s *scheme, start byte) any {
	key, err := s.fromSeed(seq(start, s.seedSize))
	require.NoError(t, err)
	return key
}

func expandedOf(key any) []byte { return key.(privateKey).ExpandedBytes() }
func seedOf(key any) []byte     { return key.(privateKey).Bytes() }

// newPublic returns the public key of the private key key, as the public key
// type of s.
func newPublic(t testing.TB, s *scheme, key any) any {
	pub, err := s.newPublic(s.publicOf(key))
	require.NoError(t, err)
	return pub
}

func publicBytes(pub any) []byte { return pub.(interface{ Bytes() []byte }).Bytes() }

// oneAsymmetricKey builds a OneAsymmetricKey by hand, field by field, for
// the tests: version, the algorithm's contents (nil: the OID of s alone),
// the privateKey contents and anything to append after it.
func oneAsymmetricKey(version int64, s *scheme, alg func(*cryptobyte.Builder), priv []byte, after func(*cryptobyte.Builder)) []byte {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(version)
		b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
			if alg == nil {
				b.AddASN1ObjectIdentifier(s.oid)
			} else {
				alg(b)
			}
		})
		b.AddASN1OctetString(priv)
		if after != nil {
			after(b)
		}
	})
	return b.BytesOrPanic()
}

func seedChoice(seed []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(seedTag, func(b *cryptobyte.Builder) { b.AddBytes(seed) })
	return b.BytesOrPanic()
}

func expandedChoice(expanded []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1OctetString(expanded)
	return b.BytesOrPanic()
}

func bothChoice(seed, expanded []byte, after ...byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1OctetString(seed)
		b.AddASN1OctetString(expanded)
		b.AddBytes(after)
	})
	return b.BytesOrPanic()
}

// publicKeyField appends publicKey [1] IMPLICIT BIT STRING with the given
// number of unused bits.
func publicKeyField(pub []byte, unused byte) func(*cryptobyte.Builder) {
	return func(b *cryptobyte.Builder) {
		b.AddASN1(asn1.Tag(1).ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddUint8(unused)
			b.AddBytes(pub)
		})
	}
}

// An errorCase is an input a parser must reject, with the start of the error
// it must return.
type errorCase struct {
	name string
	in   []byte
	want string
}

// checkErrors runs parse on every case: it must return no key and an error
// that contains the expected text.
func checkErrors(t *testing.T, parse func([]byte) (any, error), cases []errorCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			key, err := parse(c.in)
			assert.Nil(t, key)
			assert.ErrorContains(t, err, c.want)
		})
	}
}

func TestPKCS8RoundTrip(t *testing.T) {
	for _, s := range schemes {
		key := newKey(t, s, 0x10)
		for _, form := range forms {
			t.Run(s.name+"/"+form.String(), func(t *testing.T) {
				der, err := MarshalPKCS8PrivateKeyForm(key, form)
				require.NoError(t, err)

				// The encoding, field by field.
				var choice []byte
				switch form {
				case FormSeed:
					choice = seedChoice(seedOf(key))
				case FormExpanded:
					choice = expandedChoice(expandedOf(key))
				case FormBoth:
					choice = bothChoice(seedOf(key), expandedOf(key))
				}
				assert.Equal(t, oneAsymmetricKey(0, s, nil, choice, nil), der)

				got, err := ParsePKCS8PrivateKey(der)
				require.NoError(t, err)
				assert.IsType(t, key, got)
				assert.Equal(t, expandedOf(key), expandedOf(got))
				assert.Equal(t, s.publicOf(key), s.publicOf(got))
				if form == FormExpanded {
					assert.Nil(t, seedOf(got), "a key read from expandedKey has no seed")
				} else {
					assert.Equal(t, seedOf(key), seedOf(got))
				}

				again, err := MarshalPKCS8PrivateKeyForm(got, form)
				require.NoError(t, err)
				assert.Equal(t, der, again)
			})
		}
	}
}

func TestPKCS8DefaultIsSeed(t *testing.T) {
	for _, s := range schemes {
		key := newKey(t, s, 0)
		der, err := MarshalPKCS8PrivateKey(key)
		require.NoError(t, err)
		seedDER, err := MarshalPKCS8PrivateKeyForm(key, FormSeed)
		require.NoError(t, err)
		assert.Equal(t, seedDER, der, s.name)
	}
}

// TestPKCS8NoSeed checks that a key imported from the expanded form, which
// has no seed, is written only as expandedKey, and that the error says so.
func TestPKCS8NoSeed(t *testing.T) {
	for _, s := range schemes {
		t.Run(s.name, func(t *testing.T) {
			key, err := s.fromExpanded(expandedOf(newKey(t, s, 1)))
			require.NoError(t, err)
			for _, form := range []Form{FormSeed, FormBoth} {
				_, err := MarshalPKCS8PrivateKeyForm(key, form)
				assert.EqualError(t, err, fmt.Sprintf("keyformat: %s private key has no seed (it was imported from the expanded form): it can only be written as expandedKey (FormExpanded), not %v", s.name, form))
			}
			_, err = MarshalPKCS8PrivateKey(key)
			assert.ErrorContains(t, err, "has no seed")
			_, err = MarshalPEM(key)
			assert.ErrorContains(t, err, "has no seed")
			der, err := MarshalPKCS8PrivateKeyForm(key, FormExpanded)
			require.NoError(t, err)
			assert.Equal(t, oneAsymmetricKey(0, s, nil, expandedChoice(expandedOf(key)), nil), der)
		})
	}
}

// TestPKCS8Version2 checks that OneAsymmetricKey version 1 (v2) is read with
// and without the publicKey, and with attributes, which are ignored.
func TestPKCS8Version2(t *testing.T) {
	attributes := func(b *cryptobyte.Builder) {
		// [0] IMPLICIT SET OF Attribute, holding one attribute.
		b.AddASN1(asn1.Tag(0).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1ObjectIdentifier([]int{1, 2, 840, 113549, 1, 9, 20}) // friendlyName
				b.AddASN1(asn1.SET, func(b *cryptobyte.Builder) {
					b.AddASN1(asn1.Tag(30), func(b *cryptobyte.Builder) { b.AddBytes([]byte{0, 'k'}) }) // BMPString
				})
			})
		})
	}
	for _, s := range schemes {
		t.Run(s.name, func(t *testing.T) {
			key := newKey(t, s, 2)
			pub := s.publicOf(key)
			choice := seedChoice(seedOf(key))
			for name, der := range map[string][]byte{
				"v2 publicKey":            oneAsymmetricKey(1, s, nil, choice, publicKeyField(pub, 0)),
				"v2 attributes publicKey": oneAsymmetricKey(1, s, nil, choice, func(b *cryptobyte.Builder) { attributes(b); publicKeyField(pub, 0)(b) }),
				"v2 no publicKey":         oneAsymmetricKey(1, s, nil, choice, nil),
				"v1 attributes":           oneAsymmetricKey(0, s, nil, choice, attributes),
				"v2 both publicKey":       oneAsymmetricKey(1, s, nil, bothChoice(seedOf(key), expandedOf(key)), publicKeyField(pub, 0)),
			} {
				got, err := ParsePKCS8PrivateKey(der)
				if assert.NoError(t, err, name) {
					assert.Equal(t, expandedOf(key), expandedOf(got), name)
				}
			}
		})
	}
}

func TestPKIXRoundTrip(t *testing.T) {
	for _, s := range schemes {
		t.Run(s.name, func(t *testing.T) {
			pub := newPublic(t, s, newKey(t, s, 3))
			der, err := MarshalPKIXPublicKey(pub)
			require.NoError(t, err)

			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(s.oid) })
				b.AddASN1BitString(publicBytes(pub))
			})
			assert.Equal(t, b.BytesOrPanic(), der)

			got, err := ParsePKIXPublicKey(der)
			require.NoError(t, err)
			assert.IsType(t, pub, got)
			assert.Equal(t, publicBytes(pub), publicBytes(got))
		})
	}
}

func TestPEMRoundTrip(t *testing.T) {
	for _, s := range schemes {
		t.Run(s.name, func(t *testing.T) {
			key := newKey(t, s, 4)
			pub := newPublic(t, s, key)
			privPEM, err := MarshalPEM(key)
			require.NoError(t, err)
			pubPEM, err := MarshalPEM(pub)
			require.NoError(t, err)
			assert.True(t, bytes.HasPrefix(privPEM, []byte("-----BEGIN PRIVATE KEY-----\n")))
			assert.True(t, bytes.HasPrefix(pubPEM, []byte("-----BEGIN PUBLIC KEY-----\n")))

			data := append(append([]byte("comment\n"), privPEM...), pubPEM...)
			got, rest, err := ParsePEM(data)
			require.NoError(t, err)
			assert.Equal(t, seedOf(key), seedOf(got))
			assert.Equal(t, pubPEM, rest)
			gotPub, rest, err := ParsePEM(rest)
			require.NoError(t, err)
			assert.Equal(t, publicBytes(pub), publicBytes(gotPub))
			assert.Empty(t, rest)
		})
	}
}

// TestPKCS8Errors checks every way ParsePKCS8PrivateKey rejects its input
// and the error it names.
func TestPKCS8Errors(t *testing.T) {
	dsa44, dsa65, kem768 := newKey(t, mldsa44, 5), newKey(t, mldsa65, 5), newKey(t, mlkem768, 5)
	good := oneAsymmetricKey(0, mldsa44, nil, seedChoice(seedOf(dsa44)), nil)
	otherDSA := newKey(t, mldsa65, 6)
	otherKEM := newKey(t, mlkem768, 6)
	badExpandedKEM := expandedOf(kem768)
	badExpandedKEM[len(badExpandedKEM)-40] ^= 1 // H(ek) no longer matches
	badExpandedDSA := expandedOf(dsa65)
	badExpandedDSA[200] ^= 0xff // an s1 coefficient outside [−η, η] or a wrong t0
	nonMinimalLength := append([]byte{0x30, 0x81, byte(len(good) - 2)}, good[2:]...)
	indefinite := append(append([]byte{0x30, 0x80}, good[2:]...), 0, 0)
	withVersion := func(v []byte) []byte { // replace the version INTEGER's encoding
		return append(append([]byte{0x30, byte(len(good) - 5 + len(v))}, v...), good[5:]...)
	}

	checkErrors(t, ParsePKCS8PrivateKey, []errorCase{
		{"empty", nil, "keyformat: PKCS#8 private key is not a DER SEQUENCE"},
		{"not a SEQUENCE", append([]byte{0x31}, good[1:]...), "keyformat: PKCS#8 private key is not a DER SEQUENCE"},
		{"truncated", good[:len(good)-1], "keyformat: PKCS#8 private key is not a DER SEQUENCE"},
		{"non-minimal length", nonMinimalLength, "keyformat: PKCS#8 private key is not a DER SEQUENCE"},
		{"indefinite length", indefinite, "keyformat: PKCS#8 private key is not a DER SEQUENCE"},
		{"trailing data", append(bytes.Clone(good), 0, 0), "keyformat: 2 bytes of trailing data after the PKCS#8 private key"},
		{"version 2", withVersion([]byte{2, 1, 2}), "keyformat: PKCS#8 version 2, want 0 (v1) or 1 (v2)"},
		{"version -1", withVersion([]byte{2, 1, 0xff}), "keyformat: PKCS#8 version -1, want 0 (v1) or 1 (v2)"},
		{"version non-minimal", withVersion([]byte{2, 2, 0, 0}), "keyformat: PKCS#8 version is not a DER INTEGER"},
		{"version not INTEGER", withVersion([]byte{10, 1, 0}), "keyformat: PKCS#8 version is not a DER INTEGER"},
		{"algorithm not SEQUENCE", func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1Int64(0)
				b.AddASN1ObjectIdentifier(mldsa44.oid)
				b.AddASN1OctetString(seedChoice(seq(0, 32)))
			})
			return b.BytesOrPanic()
		}(), "keyformat: PKCS#8 privateKeyAlgorithm is not a DER SEQUENCE"},
		{"unknown OID", oneAsymmetricKey(0, nil, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier([]int{1, 2, 3}) }, seedChoice(seq(0, 32)), nil),
			"keyformat: unknown algorithm OID 1.2.3 in PKCS#8 privateKeyAlgorithm, want one of ML-KEM-512, -768, -1024 (2.16.840.1.101.3.4.4.1-3) or ML-DSA-44, -65, -87 (2.16.840.1.101.3.4.3.17-19)"},
		{"HashML-DSA OID", oneAsymmetricKey(0, nil, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier([]int{2, 16, 840, 1, 101, 3, 4, 3, 32}) }, seedChoice(seq(0, 32)), nil),
			"keyformat: unknown algorithm OID 2.16.840.1.101.3.4.3.32"},
		{"OID non-minimal", oneAsymmetricKey(0, nil, func(b *cryptobyte.Builder) {
			b.AddASN1(asn1.OBJECT_IDENTIFIER, func(b *cryptobyte.Builder) {
				b.AddBytes([]byte{0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x80, 0x11})
			})
		}, seedChoice(seq(0, 32)), nil), "keyformat: PKCS#8 privateKeyAlgorithm algorithm is not a DER OBJECT IDENTIFIER"},
		{"parameters NULL", oneAsymmetricKey(0, mldsa44, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(mldsa44.oid)
			b.AddASN1NULL()
		}, seedChoice(seq(0, 32)), nil), "keyformat: ML-DSA-44 AlgorithmIdentifier has parameters (tag 0x05, 0 bytes); RFC 9881 requires them absent"},
		{"parameters ML-KEM", oneAsymmetricKey(0, mlkem512, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(mlkem512.oid)
			b.AddASN1OctetString([]byte{1})
		}, seedChoice(seq(0, 64)), nil), "keyformat: ML-KEM-512 AlgorithmIdentifier has parameters (tag 0x04, 1 bytes); RFC 9935 requires them absent"},
		{"parameters not DER", oneAsymmetricKey(0, mldsa44, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(mldsa44.oid)
			b.AddBytes([]byte{0x05})
		}, seedChoice(seq(0, 32)), nil), "keyformat: ML-DSA-44 AlgorithmIdentifier has parameters (not valid DER); RFC 9881 requires them absent"},
		{"privateKey not OCTET STRING", func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1Int64(0)
				addAlgorithm(b, mldsa44)
				b.AddASN1BitString(seedChoice(seq(0, 32)))
			})
			return b.BytesOrPanic()
		}(), "keyformat: ML-DSA-44 PKCS#8 privateKey is not a DER OCTET STRING"},
		{"privateKey missing", func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1Int64(0)
				addAlgorithm(b, mldsa44)
			})
			return b.BytesOrPanic()
		}(), "keyformat: ML-DSA-44 PKCS#8 privateKey is not a DER OCTET STRING"},
		{"privateKey empty", oneAsymmetricKey(0, mldsa44, nil, nil, nil), "keyformat: ML-DSA-44 privateKey does not hold a DER element"},
		{"privateKey trailing", oneAsymmetricKey(0, mldsa44, nil, append(seedChoice(seq(0, 32)), 0), nil),
			"keyformat: ML-DSA-44 privateKey has 1 bytes of trailing data after its private key"},
		{"seed constructed [0]", oneAsymmetricKey(0, mldsa44, nil, append([]byte{0xa0, 34, 0x04, 32}, seq(0, 32)...), nil),
			"keyformat: ML-DSA-44 private key has tag 0xa0, want seed [0] (0x80), expandedKey OCTET STRING (0x04) or both SEQUENCE (0x30)"},
		{"seed [1]", oneAsymmetricKey(0, mldsa44, nil, append([]byte{0x81, 32}, seq(0, 32)...), nil),
			"keyformat: ML-DSA-44 private key has tag 0x81, want seed [0] (0x80), expandedKey OCTET STRING (0x04) or both SEQUENCE (0x30)"},
		{"high tag number", oneAsymmetricKey(0, mldsa44, nil, append([]byte{0x9f, 0x1f, 32}, seq(0, 32)...), nil),
			"keyformat: ML-DSA-44 privateKey does not hold a DER element"},
		{"ML-DSA seed short", oneAsymmetricKey(0, mldsa44, nil, seedChoice(seq(0, 31)), nil), "keyformat: ML-DSA-44 seed is 31 bytes, want 32"},
		{"ML-KEM seed of ML-DSA size", oneAsymmetricKey(0, mlkem768, nil, seedChoice(seq(0, 32)), nil), "keyformat: ML-KEM-768 seed is 32 bytes, want 64"},
		{"ML-DSA expandedKey short", oneAsymmetricKey(0, mldsa65, nil, expandedChoice(expandedOf(dsa65)[:4031]), nil),
			"keyformat: ML-DSA-65 expandedKey is 4031 bytes, want 4032"},
		{"ML-KEM expandedKey long", oneAsymmetricKey(0, mlkem768, nil, expandedChoice(append(expandedOf(kem768), 0)), nil),
			"keyformat: ML-KEM-768 expandedKey is 2401 bytes, want 2400"},
		{"expandedKey of another set", oneAsymmetricKey(0, mldsa44, nil, expandedChoice(expandedOf(dsa65)), nil),
			"keyformat: ML-DSA-44 expandedKey is 4032 bytes, want 2560"},
		{"ML-KEM expandedKey invalid", oneAsymmetricKey(0, mlkem768, nil, expandedChoice(badExpandedKEM), nil),
			"keyformat: ML-KEM-768 expandedKey: mlkem:"},
		{"ML-DSA expandedKey invalid", oneAsymmetricKey(0, mldsa65, nil, expandedChoice(badExpandedDSA), nil),
			"keyformat: ML-DSA-65 expandedKey: mldsa:"},
		{"ML-KEM both mismatch", oneAsymmetricKey(0, mlkem768, nil, bothChoice(seedOf(kem768), expandedOf(otherKEM)), nil),
			"keyformat: ML-KEM-768 private key: seed and expandedKey do not match"},
		{"ML-DSA both mismatch", oneAsymmetricKey(0, mldsa65, nil, bothChoice(seedOf(dsa65), expandedOf(otherDSA)), nil),
			"keyformat: ML-DSA-65 private key: seed and expandedKey do not match"},
		{"both seed short", oneAsymmetricKey(0, mldsa65, nil, bothChoice(seq(0, 30), expandedOf(dsa65)), nil),
			"keyformat: ML-DSA-65 seed is 30 bytes, want 32"},
		{"both expandedKey short", oneAsymmetricKey(0, mlkem768, nil, bothChoice(seedOf(kem768), expandedOf(kem768)[1:]), nil),
			"keyformat: ML-KEM-768 expandedKey is 2399 bytes, want 2400"},
		{"both trailing", oneAsymmetricKey(0, mldsa65, nil, bothChoice(seedOf(dsa65), expandedOf(dsa65), 5, 0), nil),
			"keyformat: ML-DSA-65 private key in the both form has 2 bytes after expandedKey"},
		{"both seed tagged [0]", oneAsymmetricKey(0, mldsa65, nil, func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddBytes(seedChoice(seedOf(dsa65)))
				b.AddASN1OctetString(expandedOf(dsa65))
			})
			return b.BytesOrPanic()
		}(), nil), "keyformat: ML-DSA-65 private key in the both form: seed is not a DER OCTET STRING"},
		{"both without expandedKey", oneAsymmetricKey(0, mldsa65, nil, func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) { b.AddASN1OctetString(seedOf(dsa65)) })
			return b.BytesOrPanic()
		}(), nil), "keyformat: ML-DSA-65 private key in the both form: expandedKey is not a DER OCTET STRING"},
		{"publicKey in version 0", oneAsymmetricKey(0, mldsa44, nil, seedChoice(seedOf(dsa44)), publicKeyField(mldsa44.publicOf(dsa44), 0)),
			"keyformat: ML-DSA-44 PKCS#8 private key of version 0 (v1) has a publicKey, which needs version 1 (v2)"},
		{"publicKey mismatch", oneAsymmetricKey(1, mldsa65, nil, seedChoice(seedOf(dsa65)), publicKeyField(mldsa65.publicOf(otherDSA), 0)),
			"keyformat: ML-DSA-65 PKCS#8 publicKey is not the public key of the private key"},
		{"publicKey mismatch ML-KEM", oneAsymmetricKey(1, mlkem768, nil, expandedChoice(expandedOf(kem768)), publicKeyField(mlkem768.publicOf(otherKEM), 0)),
			"keyformat: ML-KEM-768 PKCS#8 publicKey is not the public key of the private key"},
		{"publicKey short", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), publicKeyField(seq(0, 10), 0)),
			"keyformat: ML-DSA-44 PKCS#8 publicKey is 10 bytes, want 1312"},
		{"publicKey unused bits", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), publicKeyField(make([]byte, 1312), 3)),
			"keyformat: ML-DSA-44 PKCS#8 publicKey is not a BIT STRING of whole bytes"},
		{"publicKey empty", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			b.AddASN1(asn1.Tag(1).ContextSpecific(), func(*cryptobyte.Builder) {})
		}), "keyformat: ML-DSA-44 PKCS#8 publicKey is not a BIT STRING of whole bytes"},
		{"publicKey untagged BIT STRING", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			b.AddASN1BitString(mldsa44.publicOf(dsa44))
		}), "keyformat: ML-DSA-44 PKCS#8 private key has 1317 bytes of unexpected data after its last field"},
		{"field after publicKey", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			publicKeyField(mldsa44.publicOf(dsa44), 0)(b)
			b.AddASN1NULL()
		}), "keyformat: ML-DSA-44 PKCS#8 private key has 2 bytes of unexpected data after its last field"},
		{"attributes after publicKey", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			publicKeyField(mldsa44.publicOf(dsa44), 0)(b)
			b.AddASN1(asn1.Tag(0).Constructed().ContextSpecific(), func(*cryptobyte.Builder) {})
		}), "keyformat: ML-DSA-44 PKCS#8 private key has 2 bytes of unexpected data after its last field"},
		{"attributes not DER", oneAsymmetricKey(0, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			b.AddBytes([]byte{0xa0, 0x81, 0x01, 0x00})
		}), "keyformat: ML-DSA-44 PKCS#8 attributes are not valid DER"},
		{"publicKey not DER", oneAsymmetricKey(1, mldsa44, nil, seedChoice(seedOf(dsa44)), func(b *cryptobyte.Builder) {
			b.AddBytes([]byte{0x81, 0x05, 0x00})
		}), "keyformat: ML-DSA-44 PKCS#8 publicKey is not valid DER"},
	})
}

func spki(alg func(*cryptobyte.Builder), bitString func(*cryptobyte.Builder)) []byte {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(asn1.SEQUENCE, alg)
		bitString(b)
	})
	return b.BytesOrPanic()
}

func oidOf(s *scheme) func(*cryptobyte.Builder) {
	return func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(s.oid) }
}

func bits(key []byte) func(*cryptobyte.Builder) {
	return func(b *cryptobyte.Builder) { b.AddASN1BitString(key) }
}

// TestPKIXErrors checks every way ParsePKIXPublicKey rejects its input.
func TestPKIXErrors(t *testing.T) {
	pub65 := mldsa65.publicOf(newKey(t, mldsa65, 7))
	good := spki(oidOf(mldsa65), bits(pub65))
	checkErrors(t, ParsePKIXPublicKey, []errorCase{
		{"empty", nil, "keyformat: SubjectPublicKeyInfo is not a DER SEQUENCE"},
		{"truncated", good[:len(good)-1], "keyformat: SubjectPublicKeyInfo is not a DER SEQUENCE"},
		{"non-minimal length", append([]byte{0x30, 0x83, 0x00}, good[2:]...), "keyformat: SubjectPublicKeyInfo is not a DER SEQUENCE"},
		{"trailing data", append(bytes.Clone(good), 0), "keyformat: 1 bytes of trailing data after the SubjectPublicKeyInfo"},
		{"algorithm not SEQUENCE", func() []byte {
			var b cryptobyte.Builder
			b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(mldsa65.oid); b.AddASN1BitString(pub65) })
			return b.BytesOrPanic()
		}(), "keyformat: SubjectPublicKeyInfo algorithm is not a DER SEQUENCE"},
		{"unknown OID", spki(func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier([]int{1, 2, 3}) }, bits(pub65)),
			"keyformat: unknown algorithm OID 1.2.3 in SubjectPublicKeyInfo algorithm"},
		{"Ed25519 OID", spki(func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier([]int{1, 3, 101, 112}) }, bits(make([]byte, 32))),
			"keyformat: unknown algorithm OID 1.3.101.112"},
		{"no OID", spki(func(*cryptobyte.Builder) {}, bits(pub65)), "keyformat: SubjectPublicKeyInfo algorithm algorithm is not a DER OBJECT IDENTIFIER"},
		{"parameters NULL", spki(func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(mldsa65.oid); b.AddASN1NULL() }, bits(pub65)),
			"keyformat: ML-DSA-65 AlgorithmIdentifier has parameters (tag 0x05, 0 bytes); RFC 9881 requires them absent"},
		{"OCTET STRING key", spki(oidOf(mldsa65), func(b *cryptobyte.Builder) { b.AddASN1OctetString(pub65) }),
			"keyformat: ML-DSA-65 subjectPublicKey is not a DER BIT STRING"},
		{"no key", spki(oidOf(mldsa65), func(*cryptobyte.Builder) {}), "keyformat: ML-DSA-65 subjectPublicKey is not a DER BIT STRING"},
		{"non-zero padding bits", spki(oidOf(mldsa65), func(b *cryptobyte.Builder) {
			b.AddASN1(asn1.BIT_STRING, func(b *cryptobyte.Builder) { b.AddUint8(4); b.AddBytes(pub65[:len(pub65)-1]); b.AddUint8(0xff) })
		}), "keyformat: ML-DSA-65 subjectPublicKey is not a DER BIT STRING"},
		{"unused bits", spki(oidOf(mldsa65), func(b *cryptobyte.Builder) {
			b.AddASN1(asn1.BIT_STRING, func(b *cryptobyte.Builder) { b.AddUint8(4); b.AddBytes(pub65[:len(pub65)-1]); b.AddUint8(0xf0) })
		}), "keyformat: ML-DSA-65 subjectPublicKey is 15612 bits, not whole bytes"},
		{"short key", spki(oidOf(mldsa65), bits(pub65[:1951])), "keyformat: ML-DSA-65 public key is 1951 bytes, want 1952"},
		{"key of another set", spki(oidOf(mldsa44), bits(pub65)), "keyformat: ML-DSA-44 public key is 1952 bytes, want 1312"},
		{"ML-KEM modulus check", spki(oidOf(mlkem768), bits(bytes.Repeat([]byte{0xff}, 1184))), "keyformat: ML-KEM-768 public key: mlkem:"},
		{"ML-KEM short", spki(oidOf(mlkem1024), bits(make([]byte, 1567))), "keyformat: ML-KEM-1024 public key is 1567 bytes, want 1568"},
		{"field after key", spki(oidOf(mldsa65), func(b *cryptobyte.Builder) { bits(pub65)(b); b.AddASN1NULL() }),
			"keyformat: ML-DSA-65 SubjectPublicKeyInfo has 2 bytes of unexpected data after subjectPublicKey"},
	})
}

// A marshalCase is a key a marshalling function must refuse, with its
// error's message or the start of it.
type marshalCase struct {
	name string
	key  any
	want string
}

func checkMarshalErrors(t *testing.T, marshal func(any) ([]byte, error), cases []marshalCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			der, err := marshal(c.key)
			assert.Nil(t, der)
			assert.EqualError(t, err, c.want+suffix(err, c.want))
		})
	}
}

// nilCases returns a case for each typed nil pointer, which must be refused
// with an error naming its type.
func nilCases(keys ...any) []marshalCase {
	var cases []marshalCase
	for _, k := range keys {
		cases = append(cases, marshalCase{fmt.Sprintf("nil %T", k), k, fmt.Sprintf("keyformat: nil %T", k)})
	}
	return cases
}

// TestMarshalErrors checks the keys the marshalling functions refuse.
func TestMarshalErrors(t *testing.T) {
	dsa := newKey(t, mldsa44, 8)
	t.Run("PKCS8", func(t *testing.T) {
		checkMarshalErrors(t, MarshalPKCS8PrivateKey, []marshalCase{
			{"nil", nil, "keyformat: nil private key"},
			{"unsupported", "key", "keyformat: unsupported private key type string, want *mlkem.DecapsulationKey512, 768 or 1024, or *mldsa.PrivateKey"},
			{"public key", dsa.(*mldsa.PrivateKey).PublicKey(), "keyformat: unsupported private key type *mldsa.PublicKey"},
			{"zero ML-DSA", new(mldsa.PrivateKey), "keyformat: uninitialized *mldsa.PrivateKey"},
		})
		checkMarshalErrors(t, MarshalPKCS8PrivateKey, nilCases((*mldsa.PrivateKey)(nil),
			(*mlkem.DecapsulationKey512)(nil), (*mlkem.DecapsulationKey768)(nil), (*mlkem.DecapsulationKey1024)(nil)))
	})
	t.Run("PKIX", func(t *testing.T) {
		checkMarshalErrors(t, MarshalPKIXPublicKey, []marshalCase{
			{"nil", nil, "keyformat: nil public key"},
			{"unsupported", 42, "keyformat: unsupported public key type int, want *mlkem.EncapsulationKey512, 768 or 1024, or *mldsa.PublicKey"},
			{"private key", dsa, "keyformat: unsupported public key type *mldsa.PrivateKey"},
			{"zero ML-DSA", new(mldsa.PublicKey), "keyformat: uninitialized *mldsa.PublicKey"},
		})
		checkMarshalErrors(t, MarshalPKIXPublicKey, nilCases((*mldsa.PublicKey)(nil),
			(*mlkem.EncapsulationKey512)(nil), (*mlkem.EncapsulationKey768)(nil), (*mlkem.EncapsulationKey1024)(nil)))
	})
	t.Run("PEM", func(t *testing.T) {
		checkMarshalErrors(t, MarshalPEM, []marshalCase{
			{"unsupported", struct{}{}, "keyformat: unsupported key type struct {}, want a private or public key of kem/mlkem or dsa/mldsa"},
			{"nil private", (*mldsa.PrivateKey)(nil), "keyformat: nil *mldsa.PrivateKey"},
			{"nil public", (*mlkem.EncapsulationKey768)(nil), "keyformat: nil *mlkem.EncapsulationKey768"},
		})
	})
	t.Run("Form", func(t *testing.T) {
		checkMarshalErrors(t, func(key any) ([]byte, error) { return MarshalPKCS8PrivateKeyForm(key, Form(7)) }, []marshalCase{
			{"7", dsa, "keyformat: unknown private key form Form(7), want FormSeed, FormExpanded or FormBoth"},
		})
		checkMarshalErrors(t, func(key any) ([]byte, error) { return MarshalPKCS8PrivateKeyForm(key, Form(-1)) }, []marshalCase{
			{"-1", dsa, "keyformat: unknown private key form Form(-1)"},
		})
	})
}

// suffix returns what err's message has beyond prefix, so that a test can
// name only the start of a long message; "" if err does not start so.
func suffix(err error, prefix string) string {
	if err == nil {
		return ""
	}
	if msg := err.Error(); len(msg) >= len(prefix) && msg[:len(prefix)] == prefix {
		return msg[len(prefix):]
	}
	return ""
}

func TestPEMErrors(t *testing.T) {
	key := newKey(t, mldsa44, 9)
	der, err := MarshalPKCS8PrivateKey(key)
	require.NoError(t, err)
	block := func(typ string, headers map[string]string, b []byte) []byte {
		return pem.EncodeToMemory(&pem.Block{Type: typ, Headers: headers, Bytes: b})
	}
	checkErrors(t, func(b []byte) (any, error) { key, _, err := ParsePEM(b); return key, err }, []errorCase{
		{"empty", nil, "keyformat: no PEM block found"},
		{"no block", []byte("MDQCAQAwCwYJYIZIAWUDBAMRBCKAIAABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZ\n"), "keyformat: no PEM block found"},
		{"certificate", block("CERTIFICATE", nil, der), `keyformat: PEM block type "CERTIFICATE", want "PRIVATE KEY" or "PUBLIC KEY"`},
		{"encrypted", block("PRIVATE KEY", map[string]string{"Proc-Type": "4,ENCRYPTED"}, der),
			`keyformat: PEM block "PRIVATE KEY" has headers, which RFC 7468 does not allow (encrypted keys are not supported)`},
		{"public key in private block", block("PRIVATE KEY", nil, spki(oidOf(mldsa44), bits(mldsa44.publicOf(key)))),
			"keyformat: PKCS#8 version is not a DER INTEGER"},
		{"private key in public block", block("PUBLIC KEY", nil, der), "keyformat: SubjectPublicKeyInfo algorithm is not a DER SEQUENCE"},
		{"trailing DER", block("PRIVATE KEY", nil, append(bytes.Clone(der), 0)), "keyformat: 1 bytes of trailing data after the PKCS#8 private key"},
	})
}

func TestFormString(t *testing.T) {
	assert.Equal(t, "seed", FormSeed.String())
	assert.Equal(t, "expandedKey", FormExpanded.String())
	assert.Equal(t, "both", FormBoth.String())
	assert.Equal(t, "Form(3)", Form(3).String())
}
