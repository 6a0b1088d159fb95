// Package keyformat reads and writes the keys of kem/mlkem and dsa/mldsa in
// the standard key formats, as crypto/x509 does for the standard library's
// keys: PKCS#8 (RFC 5958 OneAsymmetricKey) for private keys, X.509
// SubjectPublicKeyInfo (RFC 5280) for public keys, both in DER, and PEM
// (RFC 7468) on top.
//
// The algorithms and their encodings are those of RFC 9935 for ML-KEM
// (OIDs 2.16.840.1.101.3.4.4.1, .2 and .3 for ML-KEM-512, -768 and -1024)
// and RFC 9881 for ML-DSA (2.16.840.1.101.3.4.3.17, .18 and .19 for
// ML-DSA-44, -65 and -87). The AlgorithmIdentifier carries no parameters.
// A public key is the FIPS 203 or FIPS 204 encoding in the BIT STRING.
// A private key is one alternative of a CHOICE:
//
//	seed         [0] IMPLICIT OCTET STRING  64 bytes d‖z (ML-KEM), 32 bytes ξ (ML-DSA)
//	expandedKey  OCTET STRING               FIPS 203 dk / FIPS 204 skEncode
//	both         SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }
//
// MarshalPKCS8PrivateKey writes the seed form, which both RFCs recommend;
// MarshalPKCS8PrivateKeyForm writes any of the three. A key imported from
// the expanded form has no seed and can only be written as expandedKey.
// ParsePKCS8PrivateKey reads all three, and for both checks that the seed
// and the expanded key agree.
//
// Parsing is strict: it rejects input that is not DER, trailing data, unknown
// OIDs, parameters in the AlgorithmIdentifier, PKCS#8 versions other than
// 0 (v1) and 1 (v2), wrong tags and wrong sizes, with errors that name the
// parameter set, what was found and what was expected. It never panics.
//
// The key types are *mlkem.DecapsulationKey512, 768 and 1024 and
// *mldsa.PrivateKey for private keys, *mlkem.EncapsulationKey512, 768
// and 1024 and *mldsa.PublicKey for public keys.
package keyformat
