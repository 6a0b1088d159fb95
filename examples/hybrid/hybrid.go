package main

import (
	"crypto"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
	"io"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// recipient is a public key a file is encrypted to.
type recipient struct {
	set *kemSet
	ek  crypto.Encapsulator
}

// identity is a private key that may decrypt a file.
type identity struct {
	set *kemSet
	dk  decapsulationKey
}

// encrypt writes src to dst as a version 2 file for recipients (newHeader)
// followed by the payload of src as sealed chunks of 2^chunkShift bytes.
func encrypt(dst io.Writer, src io.Reader, recipients []recipient, chunkShift uint8, signer *mldsa.PrivateKey) error {
	prefix, aead, err := newHeader(recipients, chunkShift, signer)
	if err != nil {
		return err
	}
	if _, err := dst.Write(prefix); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return sealStream(dst, src, aead, nil, 1<<chunkShift)
}

// newHeader makes a version 2 header for recipients: a fresh 32-byte file
// key, wrapped for each recipient under a fresh KEM shared key, and the
// header MAC under the file key, followed by the header's signature when
// signer is not nil. It returns those bytes and the AEAD of the chunks.
func newHeader(recipients []recipient, chunkShift uint8, signer *mldsa.PrivateKey) ([]byte, cipher.AEAD, error) {
	switch {
	case len(recipients) == 0:
		return nil, nil, errors.New("no recipient")
	case len(recipients) > maxRecipients:
		return nil, nil, fmt.Errorf("%d recipients: a file has at most %d", len(recipients), maxRecipients)
	case signer != nil && len(recipients) > 1:
		// Every recipient knows the file key, so any of them could write new
		// chunks under the signed header and send them to the others.
		return nil, nil, fmt.Errorf("-sign takes exactly one recipient (%d given): with several, any recipient could replace the content for the others under the signature", len(recipients))
	}
	fileKey := make([]byte, fileKeySize)
	rand.Read(fileKey)
	h := &headerV2{chunkShift: chunkShift, entries: make([]entry, len(recipients))}
	if signer != nil {
		h.signer = dsaSetOf(signer.Parameters())
	}
	for i, r := range recipients {
		sharedKey, kemCT := r.ek.Encapsulate()
		pk := r.ek.Bytes()
		wrap, err := wrapAEAD(sharedKey, r.set, kemCT, pk)
		if err != nil {
			return nil, nil, err
		}
		h.entries[i] = entry{set: r.set, keyID: keyID(r.set, pk), kemCT: kemCT,
			wrapped: wrap.Seal(nil, make([]byte, nonceSize), fileKey, nil)}
	}
	mac, err := headerMAC(fileKey, h.authenticated())
	if err != nil {
		return nil, nil, err
	}
	h.mac = mac
	prefix := h.marshal()
	if signer != nil {
		sig, err := signHeader(signer, prefix, signContextV2)
		if err != nil {
			return nil, nil, fmt.Errorf("signing the header: %w", err)
		}
		prefix = append(prefix, sig...)
	}
	aead, err := payloadAEAD(fileKey, h.mac)
	if err != nil {
		return nil, nil, err
	}
	return prefix, aead, nil
}

// decrypt reads a version 1 or 2 file from src, binary or armoured
// (armour.go), finds the file key with one of the keys ids, checks the
// header signature when verifier is not nil, and writes the authenticated
// plaintext of each chunk to dst. It returns nil only after the last chunk
// authenticated, and returns the set of the file's signature (nil if it is
// not signed).
func decrypt(dst io.Writer, src io.Reader, ids []identity, verifier *mldsa.PublicKey) (signer *dsaSet, err error) {
	src, err = dearmourIfArmoured(src)
	if err != nil {
		return nil, err
	}
	version, err := readVersion(src)
	if err != nil {
		return nil, err
	}
	if version == formatVersion1 {
		return decryptV1(dst, src, ids, verifier)
	}
	h, err := readHeaderV2(src)
	if err != nil {
		return nil, err
	}
	fileKey, err := h.fileKey(ids)
	if err != nil {
		return h.signer, err
	}
	if err := h.checkMAC(fileKey); err != nil {
		return h.signer, err
	}
	if err := checkSignature(src, h.signer, verifier, func(pk *mldsa.PublicKey, sig []byte) error {
		if len(h.entries) != 1 {
			return modifiedf("a signed file has one recipient, this one lists %d", len(h.entries))
		}
		return verifyHeader(pk, h.marshal(), sig, signContextV2)
	}); err != nil {
		return h.signer, err
	}
	aead, err := payloadAEAD(fileKey, h.mac)
	if err != nil {
		return h.signer, err
	}
	err = openStream(dst, src, aead, nil, h.chunkSize())
	if ce := (*chunkError)(nil); errors.As(err, &ce) {
		ce.keyChecked = true
	}
	return h.signer, err
}

// decryptV1 decrypts the rest of a version 1 file with the first key of ids
// of the file's parameter set.
func decryptV1(dst io.Writer, src io.Reader, ids []identity, verifier *mldsa.PublicKey) (*dsaSet, error) {
	h, raw, err := readHeaderV1(src)
	if err != nil {
		return nil, err
	}
	var id *identity
	for i := range ids {
		if ids[i].set == h.set {
			id = &ids[i]
			break
		}
	}
	if id == nil {
		given := ids[0].set.name
		if len(ids) > 1 {
			given = "another type"
		}
		return h.signer, fmt.Errorf("the input is a version 1 file encrypted to an %s key, but the key given is %s", h.set.name, given)
	}
	ek := id.dk.Encapsulator().Bytes()
	if err := checkSignature(src, h.signer, verifier, func(pk *mldsa.PublicKey, sig []byte) error {
		return verifyHeader(pk, signedMessageV1(raw, ek), sig, signContextV1)
	}); err != nil {
		return h.signer, err
	}
	// A modified KEM ciphertext does not fail here: ML-KEM's implicit
	// rejection (FIPS 203, Algorithm 18) returns a pseudorandom key, and the
	// first chunk's tag fails instead.
	sharedKey, err := id.dk.Decapsulate(h.kemCT)
	if err != nil {
		return h.signer, fmt.Errorf("decapsulation: %w", err)
	}
	aead, err := newAEADV1(sharedKey, raw, ek, h.salt[:])
	if err != nil {
		return h.signer, err
	}
	return h.signer, openStream(dst, src, aead, raw, h.chunkSize())
}

// checkSignature reads the header signature of a file signed with set
// (nil: unsigned) from src and, when verifier is not nil, checks it with
// verify. A verifier for an unsigned file is an error.
func checkSignature(src io.Reader, set *dsaSet, verifier *mldsa.PublicKey, verify func(*mldsa.PublicKey, []byte) error) error {
	if set == nil {
		if verifier != nil {
			return errors.New("the input is not signed, so it cannot be verified (encrypt with -sign)")
		}
		return nil
	}
	sig := make([]byte, set.params.SignatureSize())
	if _, err := io.ReadFull(src, sig); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return modifiedf("input is truncated inside the header signature")
		}
		return fmt.Errorf("reading input: %w", err)
	}
	if verifier == nil {
		return nil
	}
	if v := dsaSetOf(verifier.Parameters()); v != set {
		return fmt.Errorf("the input is signed with an %s key, but the key given to -verify is %s", set.name, v.name)
	}
	return verify(verifier, sig)
}

// newAEADV1 returns AES-256-GCM under the key of a version 1 file:
// HKDF-SHA-256 (RFC 5869) of the ML-KEM shared key, with the header salt as
// the salt and an info string that binds the key to the whole header (so to
// the KEM ciphertext and parameter set) and to the recipient's
// encapsulation key.
func newAEADV1(sharedKey, rawHeader, encapsulationKey, salt []byte) (cipher.AEAD, error) {
	info := append(append([]byte(kdfLabelV1), rawHeader...), encapsulationKey...)
	return gcmFromKDF(sharedKey, salt, info)
}
