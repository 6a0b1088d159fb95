package core

import (
	"crypto/subtle"
	"fmt"
	"io"

	"github.com/moduletto/moduletto/internal/ctgrind"
	"github.com/moduletto/moduletto/ring"
)

// EncapsulationKey is a parsed public key: its bytes, h decoded, and the
// cached Hash4(pk) of the confirmation.
type EncapsulationKey struct {
	pp    *Params
	bytes []byte
	hp    ring.Prepared // h, for the product h·r of every encryption
	cache [HashSize]byte
}

// NewEncapsulationKey parses a public key. It accepts only the canonical
// encoding of an element of R/q, where the reference would reduce any
// bytes: a non-canonical key is one no key generation makes, and accepting
// it would give two encodings (and two confirmation hashes) for one key.
func (pp *Params) NewEncapsulationKey(b []byte) (*EncapsulationKey, error) {
	if len(b) != pp.pkSize {
		return nil, fmt.Errorf("%s: invalid encapsulation key size %d (want %d)", pp.name, len(b), pp.pkSize)
	}
	ek := &EncapsulationKey{pp: pp}
	if err := ek.set(b); err != nil {
		return nil, fmt.Errorf("%s: encapsulation key %w", pp.name, err)
	}
	return ek, nil
}

func (ek *EncapsulationKey) set(b []byte) error {
	pp := ek.pp
	var h [maxP]int16
	pp.decodeRq(h[:pp.p], b)
	var re [maxP * 2]byte
	pp.encodeRq(re[:pp.pkSize], h[:pp.p])
	if string(re[:pp.pkSize]) != string(b) {
		return fmt.Errorf("is not a canonical encoding of %d coefficients modulo %d", pp.p, pp.q)
	}
	pp.rq.Prepare(&ek.hp, h[:pp.p])
	ek.bytes = append([]byte(nil), b...)
	ek.cache = hashPrefix(4, b, nil)
	return nil
}

// Params returns the parameter set of the key.
func (ek *EncapsulationKey) Params() *Params { return ek.pp }

// Bytes returns a copy of the encoded key.
func (ek *EncapsulationKey) Bytes() []byte { return append([]byte(nil), ek.bytes...) }

// encrypt writes the ciphertext of the Short r to ct: the rounded
// Round(h·r) and the confirmation Hash2(Hash3(r_enc) ‖ Hash4(pk))
// (Encrypt and Hide of the specification). rEnc is Small(r); it returns
// Hash3(r_enc), which the session key hashes again.
func (ek *EncapsulationKey) encrypt(ct []byte, r []int8, rEnc []byte) (h3 [HashSize]byte) {
	pp := ek.pp
	var c, r16 [maxP]int16
	widen(r16[:], r)
	pp.rq.MulPrepared(c[:pp.p], &ek.hp, r16[:pp.p])
	pp.encodeRounded(ct[:pp.roundedSize], c[:pp.p]) // rounds c
	h3 = hashPrefix(3, rEnc, nil)
	confirm := hashPrefix(2, h3[:], ek.cache[:])
	copy(ct[pp.roundedSize:], confirm[:])
	clear(c[:])
	clear(r16[:])
	return h3
}

// Encapsulate writes a shared key and a ciphertext, drawing the Short r
// from 4p bytes of rand (crypto/rand if nil) as the reference does.
func (ek *EncapsulationKey) Encapsulate(rand io.Reader, sharedKey, ct []byte) error {
	pp := ek.pp
	if len(sharedKey) != HashSize || len(ct) != pp.CiphertextSize() {
		return fmt.Errorf("%s: invalid buffer sizes %d and %d (want %d for the shared key and %d for the ciphertext)",
			pp.name, len(sharedKey), len(ct), HashSize, pp.CiphertextSize())
	}
	var r [maxP]int8
	defer clear(r[:])
	if err := pp.short(rand, r[:pp.p]); err != nil {
		return err
	}
	var rEnc [maxSmall]byte
	defer clear(rEnc[:])
	pp.encodeSmall(rEnc[:pp.smallSize], r[:pp.p])
	h3 := ek.encrypt(ct, r[:pp.p], rEnc[:pp.smallSize])
	defer clear(h3[:])
	k := hashPrefix(1, h3[:], ct)
	copy(sharedKey, k[:])
	return nil
}

// DecapsulationKey is a parsed secret key.
type DecapsulationKey struct {
	ek     EncapsulationKey
	bytes  []byte
	fp, vp ring.Prepared // f in R/q and 1/g in R/3, for the products of every decryption
	rho    [maxSmall]byte
}

// NewDecapsulationKey parses a secret key in the reference's encoding,
// Small(f) ‖ Small(1/g) ‖ pk ‖ ρ ‖ Hash4(pk). Beyond the reference, which
// uses any bytes as given, it rejects encodings no key generation makes: a
// coefficient with the unused code 3, a set padding bit, a non-canonical
// pk, and a stored hash that is not Hash4(pk). The weight of f is not
// checked (a key with another weight decapsulates as the reference does).
func (pp *Params) NewDecapsulationKey(b []byte) (*DecapsulationKey, error) {
	if len(b) != pp.DecapsulationKeySize() {
		return nil, fmt.Errorf("%s: invalid decapsulation key size %d (want %d)", pp.name, len(b), pp.DecapsulationKeySize())
	}
	n := pp.smallSize
	dk := &DecapsulationKey{ek: EncapsulationKey{pp: pp}}
	var f, v [maxP]int8
	defer clear(f[:])
	defer clear(v[:])
	bad := pp.decodeSmall(f[:pp.p], b[:n]) | pp.decodeSmall(v[:pp.p], b[n:2*n])
	// Declassified (valgrind builds): whether the encoding is malformed is
	// all a rejection reveals.
	if ctgrind.Declassify(bad) != 0 {
		return nil, fmt.Errorf("%s: decapsulation key has a coefficient code 3 or a padding bit set in f or 1/g (want two bits per coefficient in 0..2, padding zero)", pp.name)
	}
	pk := b[2*n : 2*n+pp.pkSize]
	ctgrind.Public(pk) // the public key inside the secret one (valgrind builds)
	if err := dk.ek.set(pk); err != nil {
		return nil, fmt.Errorf("%s: the encapsulation key in the decapsulation key %w", pp.name, err)
	}
	copy(dk.rho[:], b[2*n+pp.pkSize:3*n+pp.pkSize])
	if ctgrind.Declassify(subtle.ConstantTimeCompare(dk.ek.cache[:], b[3*n+pp.pkSize:])) != 1 { // Hash4(pk) is public
		return nil, fmt.Errorf("%s: decapsulation key's stored hash is not Hash4 of its encapsulation key", pp.name)
	}
	pp.rq.PrepareSmall(&dk.fp, f[:pp.p])
	pp.r3.PrepareSmall(&dk.vp, v[:pp.p])
	dk.bytes = append([]byte(nil), b...)
	return dk, nil
}

// EncapsulationKey returns the public key inside dk.
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey { return &dk.ek }

// Bytes returns a copy of the encoded secret key.
func (dk *DecapsulationKey) Bytes() []byte { return append([]byte(nil), dk.bytes...) }

// Decapsulate writes the shared key of ct (Decap of the specification).
// Every ciphertext of the right size decapsulates: if it is not the
// encryption of the r it decrypts to, the result is the implicit-rejection
// key Hash0(Hash3(ρ) ‖ ct), chosen in constant time.
func (dk *DecapsulationKey) Decapsulate(sharedKey, ct []byte) error {
	pp := dk.ek.pp
	if len(sharedKey) != HashSize || len(ct) != pp.CiphertextSize() {
		return fmt.Errorf("%s: invalid sizes %d and %d (want %d for the shared key and %d for the ciphertext)",
			pp.name, len(sharedKey), len(ct), HashSize, pp.CiphertextSize())
	}
	p := pp.p
	var c, e [maxP]int16
	var t [maxP]int32
	defer clear(e[:])
	defer clear(t[:])
	pp.decodeRounded(c[:p], ct[:pp.roundedSize])
	// e = (3·c·f mod q) mod 3, then e·(1/g) in R/3 (Decrypt).
	pp.rq.MulPrepared(c[:p], &dk.fp, c[:p])
	for i, v := range c[:p] {
		t[i] = 3 * int32(v)
	}
	pp.rq.Reduce(c[:p], t[:p])
	for i, v := range c[:p] {
		t[i] = int32(v)
	}
	pp.r3.Reduce(e[:p], t[:p])
	pp.r3.MulPrepared(e[:p], &dk.vp, e[:p])
	// If e does not have weight w, replace it by (1, …, 1, 0, …, 0) of
	// weight w, by mask.
	var wt int32
	for _, v := range e[:p] {
		wt += int32(v & 1)
	}
	bad := int8(((wt - int32(pp.w)) | (int32(pp.w) - wt)) >> 31) // −1 if wt ≠ w
	var r [maxP]int8
	defer clear(r[:])
	for i, v := range e[:p] {
		x := int8(v)
		if i < pp.w { // i is public
			r[i] = ((x ^ 1) &^ bad) ^ 1
		} else {
			r[i] = x &^ bad
		}
	}
	// Re-encrypt and compare in constant time; on a mismatch hash ρ in
	// place of r_enc, with prefix 0 in place of 1.
	var rEnc [maxSmall]byte
	defer clear(rEnc[:])
	pp.encodeSmall(rEnc[:pp.smallSize], r[:p])
	var ct2 [maxP * 2]byte
	dk.ek.encrypt(ct2[:len(ct)], r[:p], rEnc[:pp.smallSize])
	ok := equal(ct, ct2[:len(ct)])
	subtle.ConstantTimeCopy(1-ok, rEnc[:pp.smallSize], dk.rho[:pp.smallSize])
	h3 := hashPrefix(3, rEnc[:pp.smallSize], nil)
	k := hashPrefix(byte(ok), h3[:], ct)
	copy(sharedKey, k[:])
	return nil
}
