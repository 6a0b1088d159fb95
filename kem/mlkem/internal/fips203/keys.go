package fips203

import (
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"unsafe"

	"github.com/moduletto/moduletto/internal/isolate"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// EncapsulationKey is a parsed ML-KEM encapsulation key, as a view of its
// storage (an [EncapsulationStorage], or the ek of a
// [DecapsulationStorage]): its fixed-size fields and, as slices, its
// polynomials. Besides t̂ and ρ it caches the matrix Âᵀ expanded from ρ
// (k² SampleNTT calls, done once when the key is built instead of on every
// encapsulation) and H(ek). It is immutable once built and safe for
// concurrent use. A view is made for each use and not kept (see
// [EncapsulationStorage]).
type EncapsulationKey struct {
	*ekFields
	aT []poly.NTTPoly16 // Âᵀ row-major: aT[i*k+j] = Â[j, i]; k² entries
	t  []poly.NTTPoly16 // t̂, canonical; k entries
}

// ekFields are the fixed-size fields of an encapsulation key.
type ekFields struct {
	set uint8 // index of the parameter set in paramSets
	ρ   [32]byte
	h   [32]byte // H(ek)
}

// maxEKSize is the size of the largest encoded encapsulation key.
const maxEKSize = encodedPolySize*maxK + 32

// DecapsulationKey is an ML-KEM decapsulation key, as a view of its
// [DecapsulationStorage]: the secret ŝ, the implicit-rejection value z, the
// embedded encapsulation key (with its cached matrix) and, unless the key
// was imported in expanded form, the seed d.
type DecapsulationKey struct {
	ek EncapsulationKey
	*dkFields
	s []poly.NTTPoly16 // ŝ, canonical; k entries
}

// dkFields are the fixed-size fields of a decapsulation key.
type dkFields struct {
	d      [32]byte
	z      [32]byte
	seeded bool // d is known (key derived from a seed)
}

// EncapsulationStorage holds an encapsulation key of one parameter set:
// its fixed-size fields, Âᵀ (A, k² polynomials) and t̂ (V, k polynomials),
// each array of the length its parameter set needs (maximum-size arrays
// would make an ML-KEM-512 key half as large again). It holds no pointers:
// a key that pointed into itself would be moved to the heap by the
// compiler, wherever it was declared. The exported constructors, inlined
// into their callers, allocate the storage there, and it stays in the
// caller's frame unless the key escapes it; each use takes a view of it
// ([EncapsulationStorage.Key]) that is not kept. The key does not keep its
// encoding either: Bytes re-encodes t̂, a few hundred nanoseconds, where
// keeping it would add a sixth to every key.
//
// The arrays come first, at offsets that are multiples of 512 bytes, so
// that in a heap-allocated key (32-byte aligned, in every set's size
// class) they are 32-byte aligned for the AVX2 kernels, which read them
// 32 bytes at a time: an array 2 bytes off a boundary measured up to a
// tenth slower in decapsulation with a parsed key.
type EncapsulationStorage[A, V any] struct {
	a A // Âᵀ: k² polynomials
	t V // t̂: k polynomials
	f ekFields
}

// DecapsulationStorage holds a decapsulation key of one parameter set: its
// encapsulation key's storage, its own fixed-size fields and ŝ (V, k
// polynomials). See [EncapsulationStorage].
type DecapsulationStorage[A, V any] struct {
	s  V // ŝ: k polynomials
	ek EncapsulationStorage[A, V]
	f  dkFields
}

// The storage of each parameter set's encapsulation keys, which the
// exported encapsulation key types and NewEncapsulationKey allocate.
type (
	EncapsulationStorage512  = EncapsulationStorage[[4]nttPoly, [2]nttPoly]
	EncapsulationStorage768  = EncapsulationStorage[[9]nttPoly, [3]nttPoly]
	EncapsulationStorage1024 = EncapsulationStorage[[16]nttPoly, [4]nttPoly]
)

// Key returns the view of the key b holds (the zero key, for a
// constructor such as [ParseEncapsulationKey] to fill, if b is zero).
func (b *EncapsulationStorage[A, V]) Key() EncapsulationKey {
	return EncapsulationKey{&b.f, polys(&b.a), polys(&b.t)}
}

// Key returns the view of the key b holds (the zero key, for a
// constructor such as [NewDecapsulationKey] to fill, if b is zero).
func (b *DecapsulationStorage[A, V]) Key() DecapsulationKey {
	return DecapsulationKey{b.ek.Key(), &b.f, polys(&b.s)}
}

// EncapsulationStorage returns the storage of the encapsulation key
// embedded in the key b holds.
func (b *DecapsulationStorage[A, V]) EncapsulationStorage() *EncapsulationStorage[A, V] {
	return &b.ek
}

type nttPoly = poly.NTTPoly16

// polys returns the array of polynomials *p (A is [n]nttPoly) as a slice.
func polys[A any](p *A) []nttPoly {
	return unsafe.Slice((*nttPoly)(unsafe.Pointer(p)), unsafe.Sizeof(*p)/unsafe.Sizeof(nttPoly{}))
}

// mustBeWired panics unless ek's arrays have the lengths of p: a caller
// passing another set's key is a bug in this module.
func (ek *EncapsulationKey) mustBeWired(p *Params) {
	if len(ek.aT) != p.k*p.k || len(ek.t) != p.k {
		panic("fips203: the key's arrays are not those of " + p.name)
	}
}

// mustBeWired is [EncapsulationKey.mustBeWired] for dk's arrays.
func (dk *DecapsulationKey) mustBeWired(p *Params) {
	dk.ek.mustBeWired(p)
	if len(dk.s) != p.k {
		panic("fips203: the key's arrays are not those of " + p.name)
	}
}

// Params returns the parameter set of the key.
func (ek *EncapsulationKey) Params() *Params { return &paramSets[ek.set] }

// Params returns the parameter set of the key.
func (dk *DecapsulationKey) Params() *Params { return dk.ek.Params() }

// Bytes returns the encoding of the key, ByteEncode_12(t̂)‖ρ.
func (ek *EncapsulationKey) Bytes() []byte {
	b := make([]byte, ek.Params().ekSize)
	ek.encode(b)
	return b
}

// encode writes ByteEncode_12(t̂)‖ρ (FIPS 203, Algorithm 13, line 19) to
// b[:ekSize].
func (ek *EncapsulationKey) encode(b []byte) {
	k := len(ek.t)
	for i := range k {
		poly.EncodeNTT12(b[i*encodedPolySize:], &ek.t[i])
	}
	copy(b[k*encodedPolySize:], ek.ρ[:])
}

// EncapsulationKey returns the encapsulation key embedded in dk, a view
// of dk's storage.
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey { return &dk.ek }

// Seed returns the 64-byte seed d‖z, or nil if the key was imported in
// expanded form and has no seed.
func (dk *DecapsulationKey) Seed() []byte {
	if !dk.seeded {
		return nil
	}
	b := make([]byte, 0, SeedSize)
	b = append(b, dk.d[:]...)
	return append(b, dk.z[:]...)
}

// ExpandedBytes returns the FIPS 203 encoding of the decapsulation key,
// dk_PKE‖ek‖H(ek)‖z (Algorithm 16, line 3), 768k+96 bytes.
func (dk *DecapsulationKey) ExpandedBytes() []byte {
	p := dk.Params()
	b := make([]byte, p.dkExpSize)
	for i := range p.k {
		poly.EncodeNTT12(b[i*encodedPolySize:], &dk.s[i])
	}
	off := encodedPolySize * p.k
	dk.ek.encode(b[off:])
	off += p.ekSize
	off += copy(b[off:], dk.ek.h[:])
	copy(b[off:], dk.z[:])
	return b
}

// GenerateKey fills dk, the view of p's storage, with a new decapsulation
// key from a seed d‖z drawn from crypto/rand.
func GenerateKey(p *Params, dk *DecapsulationKey) {
	dk.mustBeWired(p)
	rand.Read(dk.d[:])
	rand.Read(dk.z[:])
	KeyGenInternal(p, dk, &dk.d, &dk.z)
}

// NewDecapsulationKey fills dk, the view of p's storage, with the
// decapsulation key derived from the 64-byte seed d‖z.
func NewDecapsulationKey(p *Params, dk *DecapsulationKey, seed []byte) error {
	if len(seed) != SeedSize {
		return sizeError(p, "decapsulation key seed", len(seed), SeedSize)
	}
	dk.mustBeWired(p)
	KeyGenInternal(p, dk, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))
	return nil
}

// KeyGenInternal implements ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16,
// into the caller's dk, the view of p's storage. d and z may point into
// dk. It runs isolated (see isolate).
func KeyGenInternal(p *Params, dk *DecapsulationKey, d, z *[32]byte) {
	isolate.Run(func() { keyGenInternal(p, dk, d, z) })
}

func keyGenInternal(p *Params, dk *DecapsulationKey, d, z *[32]byte) {
	dk.d, dk.z = *d, *z
	dk.seeded = true
	ek := &dk.ek
	ek.set = p.id
	pkeKeyGen(p, ek, dk.s, &dk.d)
}

// NewEncapsulationKey parses an encoded encapsulation key of p into
// storage of its own on the heap (see ParseEncapsulationKey): for callers
// that pick the parameter set at run time, such as mlkemtest.
func NewEncapsulationKey(p *Params, b []byte) (*EncapsulationKey, error) {
	var ek EncapsulationKey
	switch p.k {
	case 2:
		ek = new(EncapsulationStorage512).Key()
	case 3:
		ek = new(EncapsulationStorage768).Key()
	default:
		ek = new(EncapsulationStorage1024).Key()
	}
	if err := ParseEncapsulationKey(p, &ek, b); err != nil {
		return nil, err
	}
	return &ek, nil
}

// ParseEncapsulationKey parses b into the caller's ek, the view of p's
// storage (or the ek of a decapsulation key's view): the length
// check and the modulus check of FIPS 203, Section 7.2
// (ByteEncode_12(ByteDecode_12(t)) = t, that is every 12-bit value below q),
// then H(ek) and the expansion of Âᵀ from ρ (Algorithm 14, lines 2–8, done
// once here).
func ParseEncapsulationKey(p *Params, ek *EncapsulationKey, b []byte) error {
	if len(b) != p.ekSize {
		return sizeError(p, "encapsulation key", len(b), p.ekSize)
	}
	ek.mustBeWired(p)
	ok := 1
	for i := range p.k {
		ok &= poly.DecodeNTT12(&ek.t[i], b[i*encodedPolySize:])
	}
	// The encapsulation key is public: branching on the check is fine.
	if ok != 1 {
		return fmt.Errorf("mlkem: %s encapsulation key is not canonical: a coefficient is not below q = 3329 (FIPS 203, Section 7.2 modulus check)", p.name)
	}
	ek.set = p.id
	copy(ek.ρ[:], b[encodedPolySize*p.k:])
	// H(ek) and Algorithm 14, lines 4–8 (done once per key: Âᵀ[i, j] =
	// Â[j, i]) in one batch: the hash takes one Keccak lane for all its
	// blocks while the matrix streams fill the others.
	var jobs [1 + maxK*maxK]sample.Job
	jobs[0] = sample.Sum256Job(&ek.h, b, nil)
	for i := range p.k {
		for j := range p.k {
			jobs[1+i*p.k+j] = sample.SampleNTTJob(&ek.aT[i*p.k+j], &ek.ρ, byte(i), byte(j))
		}
	}
	sample.Run(jobs[:1+p.k*p.k])
	return nil
}

// NewDecapsulationKeyFromExpanded parses the FIPS 203 encoding of a
// decapsulation key, dk_PKE‖ek‖h‖z, into dk, the view of p's storage, applying the hash check of FIPS 203,
// Section 7.3 (h = H(ek)). It also applies the Section 7.2 modulus check to
// the embedded ek and requires dk_PKE to be canonical (every value of
// ByteDecode_12 below q), which every key made by KeyGen satisfies; FIPS 203
// does not require that last check, but without it ExpandedBytes could not
// return the bytes the key was read from.
func NewDecapsulationKeyFromExpanded(p *Params, dk *DecapsulationKey, b []byte) error {
	if len(b) != p.dkExpSize {
		return sizeError(p, "expanded decapsulation key", len(b), p.dkExpSize)
	}
	dk.mustBeWired(p)
	ekOff := encodedPolySize * p.k
	hOff := ekOff + p.ekSize
	if err := ParseEncapsulationKey(p, &dk.ek, b[ekOff:hOff]); err != nil {
		return fmt.Errorf("mlkem: %s expanded decapsulation key: embedded %w", p.name, err)
	}
	// The hash check compares public values (ek and the stored H(ek)), so a
	// plain comparison would do; subtle keeps it uniform with the rest.
	if subtle.ConstantTimeCompare(dk.ek.h[:], b[hOff:hOff+32]) != 1 {
		return fmt.Errorf("mlkem: %s expanded decapsulation key: stored hash is not H(ek) (FIPS 203, Section 7.3 hash check)", p.name)
	}
	ok := 1
	for i := range p.k {
		ok &= poly.DecodeNTT12(&dk.s[i], b[i*encodedPolySize:])
	}
	// Rejecting reveals only that the (malformed) key is malformed.
	if ok != 1 {
		return fmt.Errorf("mlkem: %s expanded decapsulation key: dk_PKE is not canonical: a coefficient is not below q = 3329", p.name)
	}
	copy(dk.z[:], b[hOff+32:])
	return nil
}

// EncapsulateTo implements ML-KEM.Encaps, FIPS 203, Algorithm 20, drawing m
// from crypto/rand and writing K to sharedKey and c to ciphertext, which must
// be exactly SharedKeySize and CiphertextSize bytes.
func (ek *EncapsulationKey) EncapsulateTo(sharedKey, ciphertext []byte) error {
	if err := ek.checkEncapsulate(sharedKey, ciphertext); err != nil {
		return err
	}
	isolate.Run(func() {
		var m [MessageSize]byte
		rand.Read(m[:])
		ek.encapsulate(sharedKey, ciphertext, &m)
		clear(m[:])
	})
	return nil
}

// EncapsulateInternal implements ML-KEM.Encaps_internal, FIPS 203,
// Algorithm 17, with the randomness m given, into caller buffers of exactly
// SharedKeySize and CiphertextSize bytes. For tests and known-answer tests.
func (ek *EncapsulationKey) EncapsulateInternal(sharedKey, ciphertext []byte, m *[32]byte) error {
	if err := ek.checkEncapsulate(sharedKey, ciphertext); err != nil {
		return err
	}
	isolate.Run(func() { ek.encapsulate(sharedKey, ciphertext, m) })
	return nil
}

func (ek *EncapsulationKey) checkEncapsulate(sharedKey, ciphertext []byte) error {
	p := ek.Params()
	if len(sharedKey) != SharedKeySize {
		return sizeError(p, "shared key buffer", len(sharedKey), SharedKeySize)
	}
	if len(ciphertext) != p.ctSize {
		return sizeError(p, "ciphertext buffer", len(ciphertext), p.ctSize)
	}
	return nil
}

// encapsulate is Algorithm 17 on checked buffers.
func (ek *EncapsulationKey) encapsulate(sharedKey, ciphertext []byte, m *[32]byte) {
	// Lines 1–2: (K, r) ← G(m‖H(ek)); c ← K-PKE.Encrypt(ek, m, r).
	var g [64]byte
	pkeEncrypt(ek.Params(), ciphertext, ek, m, &g, nil)
	copy(sharedKey, g[:32])
	clear(g[:]) // K, r
}

// DecapsulateTo implements ML-KEM.Decaps, FIPS 203, Algorithm 21 (with
// Algorithm 18): it checks that the ciphertext is CiphertextSize bytes and
// writes the shared key to sharedKey, which must be SharedKeySize bytes. An
// invalid ciphertext of the right size yields the implicit-rejection key
// J(z‖c), chosen in constant time. sharedKey may alias ciphertext.
func (dk *DecapsulationKey) DecapsulateTo(sharedKey, ciphertext []byte) error {
	p := dk.Params()
	if len(sharedKey) != SharedKeySize {
		return sizeError(p, "shared key buffer", len(sharedKey), SharedKeySize)
	}
	if len(ciphertext) != p.ctSize {
		return sizeError(p, "ciphertext", len(ciphertext), p.ctSize)
	}
	isolate.Run(func() { dk.decapsulate(p, sharedKey, ciphertext) })
	return nil
}

// decapsulate is Algorithm 18 on checked buffers.
func (dk *DecapsulationKey) decapsulate(p *Params, sharedKey, ciphertext []byte) {
	// Line 7: m′ ← K-PKE.Decrypt(dk_PKE, c).
	var m [32]byte
	pkeDecrypt(p, &m, dk.s, ciphertext)

	// Line 8: (K′, r′) ← G(m′‖h), in pkeEncrypt's batch.
	// Line 9: K̄ ← J(z‖c), in the same batch (its blocks take one Keccak
	// lane beside G and the noise).
	// Lines 10–12: c′ ← K-PKE.Encrypt(ek_PKE, m′, r′); if c ≠ c′, K′ ← K̄.
	// Compared and selected in constant time: whether c was valid is secret.
	var g [64]byte
	var kBar [SharedKeySize]byte
	j := sample.SHAKE256Job(kBar[:], dk.z[:], ciphertext)
	var c2 [maxCTSize]byte
	pkeEncrypt(p, c2[:], &dk.ek, &m, &g, &j)
	equal := equal(c2[:p.ctSize], ciphertext)
	subtle.ConstantTimeCopy(equal, kBar[:], g[:32])
	copy(sharedKey, kBar[:])

	// Destroy m′, K′, r′, K̄ and the re-encryption; sample.Run cleared the
	// Keccak states (J's absorbed z among them).
	clear(m[:])
	clear(g[:])
	clear(kBar[:])
	clear(c2[:p.ctSize])
}

const maxCTSize = 32 * (11*maxK + 5)
