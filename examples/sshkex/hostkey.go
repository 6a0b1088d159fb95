package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
)

// RSA moduli accepted: OpenSSH refuses keys below 1024 bits, and a bound
// on the size bounds the cost of a verification a server can make us do.
const (
	minRSABits = 1024
	maxRSABits = 16384
)

// fingerprint returns the SHA256 fingerprint of a public key blob as
// ssh-keygen -l prints it: "SHA256:" and the unpadded base64 of the
// SHA-256 of the blob.
func fingerprint(blob []byte) string {
	sum := sha256.Sum256(blob)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// verifyHostKeySignature checks the server's signature blob sig over the
// exchange hash h with the host key blob, for the negotiated host key
// algorithm alg: the key's type must be the one alg uses (RFC 4253,
// Section 6.6; RFC 8709 for ssh-ed25519; RFC 5656, Section 3 for
// ecdsa-sha2-nistp256; RFC 8332 for rsa-sha2-256 and rsa-sha2-512) and
// the signature's algorithm name must be alg.
func verifyHostKeySignature(alg string, blob, sig, h []byte) error {
	kr := reader{b: blob}
	keyType := string(kr.string())
	sr := reader{b: sig}
	sigAlg := string(sr.string())
	sigBytes := sr.string()
	sr.end()
	if sr.err != nil {
		return fmt.Errorf("malformed signature: %w", sr.err)
	}
	if sigAlg != alg {
		return fmt.Errorf("signature of type %q, expected %q", truncate([]byte(sigAlg)), alg)
	}
	switch alg {
	case hostKeyEd25519:
		if keyType != "ssh-ed25519" {
			break
		}
		pub := kr.string()
		kr.end()
		if kr.err == nil && len(pub) != ed25519.PublicKeySize {
			kr.fail(fmt.Errorf("ed25519 key of %d bytes, expected %d", len(pub), ed25519.PublicKeySize))
		}
		if kr.err != nil {
			return fmt.Errorf("malformed host key: %w", kr.err)
		}
		if len(sigBytes) != ed25519.SignatureSize {
			return fmt.Errorf("ed25519 signature of %d bytes, expected %d", len(sigBytes), ed25519.SignatureSize)
		}
		if !ed25519.Verify(ed25519.PublicKey(pub), h, sigBytes) {
			return errors.New("ed25519 signature does not verify")
		}
		return nil
	case hostKeyECDSAP256:
		if keyType != hostKeyECDSAP256 {
			break
		}
		curve := string(kr.string())
		point := kr.string()
		kr.end()
		if kr.err == nil && curve != "nistp256" {
			kr.fail(fmt.Errorf("curve %q, expected nistp256", truncate([]byte(curve))))
		}
		if kr.err != nil {
			return fmt.Errorf("malformed host key: %w", kr.err)
		}
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), point)
		if err != nil {
			return fmt.Errorf("malformed host key: %w", err)
		}
		rs := reader{b: sigBytes}
		r, s := rs.mpint(33), rs.mpint(33)
		rs.end()
		if rs.err != nil {
			return fmt.Errorf("malformed ECDSA signature: %w", rs.err)
		}
		sum := sha256.Sum256(h)
		if !ecdsa.Verify(pub, sum[:], r, s) {
			return errors.New("ECDSA signature does not verify")
		}
		return nil
	case hostKeyRSASHA256, hostKeyRSASHA512:
		if keyType != "ssh-rsa" {
			break
		}
		pub, err := parseRSAKey(&kr)
		if err != nil {
			return fmt.Errorf("malformed host key: %w", err)
		}
		hash, digest := crypto.SHA256, sha256.Sum256(h)
		d := digest[:]
		if alg == hostKeyRSASHA512 {
			d512 := sha512.Sum512(h)
			hash, d = crypto.SHA512, d512[:]
		}
		if err := rsa.VerifyPKCS1v15(pub, hash, d, sigBytes); err != nil {
			return fmt.Errorf("RSA signature does not verify: %w", err)
		}
		return nil
	default:
		return fmt.Errorf("host key algorithm %q not supported", alg)
	}
	if kr.err != nil {
		return fmt.Errorf("malformed host key: %w", kr.err)
	}
	return fmt.Errorf("host key of type %q for host key algorithm %q", truncate([]byte(keyType)), alg)
}

// parseRSAKey reads the rest of an ssh-rsa key blob: mpint e, mpint n
// (RFC 4253, Section 6.6), with bounds on both.
func parseRSAKey(kr *reader) (*rsa.PublicKey, error) {
	e := kr.mpint(4)
	n := kr.mpint(maxRSABits/8 + 1)
	kr.end()
	if kr.err != nil {
		return nil, kr.err
	}
	if e.Cmp(big.NewInt(3)) < 0 || e.Bit(0) == 0 || e.BitLen() > 31 {
		return nil, fmt.Errorf("RSA exponent %v, expected an odd number from 3 to 2^31-1", e)
	}
	if bits := n.BitLen(); bits < minRSABits {
		return nil, fmt.Errorf("RSA modulus of %d bits, expected at least %d", bits, minRSABits)
	}
	return &rsa.PublicKey{N: n, E: int(e.Int64())}, nil
}

// ed25519HostKey is the throwaway host key of -listen mode.
type ed25519HostKey struct{ priv ed25519.PrivateKey }

// blob returns the public key blob: string "ssh-ed25519", string key.
func (k ed25519HostKey) blob() []byte {
	b := appendString(nil, []byte(hostKeyEd25519))
	return appendString(b, k.priv.Public().(ed25519.PublicKey))
}

// sign returns the signature blob over h: string "ssh-ed25519", string
// signature (RFC 8709, Section 6).
func (k ed25519HostKey) sign(h []byte) []byte {
	b := appendString(nil, []byte(hostKeyEd25519))
	return appendString(b, ed25519.Sign(k.priv, h))
}
