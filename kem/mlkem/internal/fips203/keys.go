package fips203

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"unsafe"

	"github.com/moduletto/moduletto/internal/isolate"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// EncapsulationKey is a parsed ML-KEM encapsulation key. Besides t̂ and ρ it
// caches the matrix Âᵀ expanded from ρ (k² SampleNTT calls, done once when
// the key is built instead of on every encapsulation), its encoding and
// H(ek). It is immutable once built and safe for concurrent use.
type EncapsulationKey struct {
	aT  []poly.NTTPoly16 // Âᵀ row-major: aT[i*k+j] = Â[j, i]; k² entries
	t   []poly.NTTPoly16 // t̂, canonical; k entries
	set uint8            // index of the parameter set in paramSets
	ρ   [32]byte
	h   [32]byte // H(ek)
}

// maxEKSize is the size of the largest encoded encapsulation key.
const maxEKSize = encodedPolySize*maxK + 32

// withArrays is a key allocated together with its arrays, each of the
// length its parameter set needs: one allocation, where maximum-size
// arrays would make an ML-KEM-512 key half as large again (and the
// allocator's zeroing, and the cache misses on fresh memory, that much
// more per key). The key does not keep its encoding either: Bytes
// re-encodes t̂, a few hundred nanoseconds, where keeping it would add a
// sixth to every key.
type withArrays[W, K, A, V, S any] struct {
	outer W // the caller's wrapper of the key (see newKey), if any
	key   K
	a     A // Âᵀ: k² polynomials
	t     V // t̂: k polynomials
	s     S // ŝ of a decapsulation key: k polynomials (none for an ek)
}

type nttPoly = poly.NTTPoly16

// newKey allocates a key of type K (EncapsulationKey or DecapsulationKey)
// for rank k with its arrays, which it returns: Âᵀ, t̂ and ŝ (nil unless
// secret). The allocation starts with a zero W, which it returns too: the
// exported type that will point to the key (mlkem.DecapsulationKey768,
// say) shares the allocation instead of costing a second one; W is
// struct{} where there is none.
func newKey[W, K any](k int, secret bool) (outer *W, key *K, a, t, s []nttPoly) {
	switch k {
	case 2:
		return sized[W, K, [4]nttPoly, [2]nttPoly](secret)
	case 3:
		return sized[W, K, [9]nttPoly, [3]nttPoly](secret)
	}
	return sized[W, K, [16]nttPoly, [4]nttPoly](secret)
}

// sized is newKey for the array types A (k² polynomials) and V (k
// polynomials).
func sized[W, K, A, V any](secret bool) (outer *W, key *K, a, t, s []nttPoly) {
	if secret {
		b := new(withArrays[W, K, A, V, V])
		return &b.outer, &b.key, polys(&b.a), polys(&b.t), polys(&b.s)
	}
	b := new(withArrays[W, K, A, V, struct{}])
	return &b.outer, &b.key, polys(&b.a), polys(&b.t), nil
}

// polys returns the array of polynomials *p (A is [n]nttPoly) as a slice.
func polys[A any](p *A) []nttPoly {
	return unsafe.Slice((*nttPoly)(unsafe.Pointer(p)), unsafe.Sizeof(*p)/unsafe.Sizeof(nttPoly{}))
}

// newDecapsulationKey allocates a decapsulation key for p, after a zero W
// (see newKey).
func newDecapsulationKey[W any](p *Params) (*W, *DecapsulationKey) {
	w, dk, a, t, s := newKey[W, DecapsulationKey](p.k, true)
	dk.ek.aT, dk.ek.t, dk.s = a, t, s
	return w, dk
}

// newEncapsulationKey allocates an encapsulation key for p, after a zero W
// (see newKey).
func newEncapsulationKey[W any](p *Params) (*W, *EncapsulationKey) {
	w, ek, a, t, _ := newKey[W, EncapsulationKey](p.k, false)
	ek.aT, ek.t = a, t
	return w, ek
}

// DecapsulationKey is an ML-KEM decapsulation key: the secret ŝ, the
// implicit-rejection value z, the embedded encapsulation key (with its cached
// matrix) and, unless the key was imported in expanded form, the seed d.
type DecapsulationKey struct {
	ek     EncapsulationKey
	s      []poly.NTTPoly16 // ŝ, canonical; k entries
	d      [32]byte
	z      [32]byte
	seeded bool // d is known (key derived from a seed)
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

// EncapsulationKey returns the encapsulation key embedded in dk. It shares
// dk's memory and must not be modified.
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

// GenerateKey returns a new decapsulation key for p from a seed drawn from
// crypto/rand, after a zero W in the same allocation (see newKey).
func GenerateKey[W any](p *Params) (*W, *DecapsulationKey) {
	w, dk := newDecapsulationKey[W](p)
	rand.Read(dk.d[:])
	rand.Read(dk.z[:])
	KeyGenInternal(p, dk, &dk.d, &dk.z)
	return w, dk
}

// NewDecapsulationKey derives a decapsulation key from the 64-byte seed d‖z,
// after a zero W in the same allocation (see newKey).
func NewDecapsulationKey[W any](p *Params, seed []byte) (*W, *DecapsulationKey, error) {
	if len(seed) != SeedSize {
		return nil, nil, sizeError(p, "decapsulation key seed", len(seed), SeedSize)
	}
	w, dk := newDecapsulationKey[W](p)
	KeyGenInternal(p, dk, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))
	return w, dk, nil
}

// KeyGenInternal implements ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16,
// into the caller's dk, which newDecapsulationKey allocated for p. d and z
// may point into dk. It runs isolated (see isolate).
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

// NewEncapsulationKey parses an encoded encapsulation key, applying the
// modulus check of FIPS 203, Section 7.2, after a zero W in the same
// allocation (see newKey).
func NewEncapsulationKey[W any](p *Params, b []byte) (*W, *EncapsulationKey, error) {
	w, ek := newEncapsulationKey[W](p)
	if err := ParseEncapsulationKey(p, ek, b); err != nil {
		return nil, nil, err
	}
	return w, ek, nil
}

// ParseEncapsulationKey parses b into the caller's ek, whose matrix has room
// for p (newEncapsulationKey, or the ek of newDecapsulationKey): the length
// check and the modulus check of FIPS 203, Section 7.2
// (ByteEncode_12(ByteDecode_12(t)) = t, that is every 12-bit value below q),
// then H(ek) and the expansion of Âᵀ from ρ (Algorithm 14, lines 2–8, done
// once here).
func ParseEncapsulationKey(p *Params, ek *EncapsulationKey, b []byte) error {
	if len(b) != p.ekSize {
		return sizeError(p, "encapsulation key", len(b), p.ekSize)
	}
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
	n := 1 + ek.matrixJobs(jobs[1:], p.k)
	sample.Run(jobs[:n])
	return nil
}

// NewDecapsulationKeyFromExpanded parses the FIPS 203 encoding of a
// decapsulation key, dk_PKE‖ek‖h‖z, applying the hash check of FIPS 203,
// Section 7.3 (h = H(ek)). It also applies the Section 7.2 modulus check to
// the embedded ek and requires dk_PKE to be canonical (every value of
// ByteDecode_12 below q), which every key made by KeyGen satisfies; FIPS 203
// does not require that last check, but without it ExpandedBytes could not
// return the bytes the key was read from.
func NewDecapsulationKeyFromExpanded[W any](p *Params, b []byte) (*W, *DecapsulationKey, error) {
	if len(b) != p.dkExpSize {
		return nil, nil, sizeError(p, "expanded decapsulation key", len(b), p.dkExpSize)
	}
	w, dk := newDecapsulationKey[W](p)
	ekOff := encodedPolySize * p.k
	hOff := ekOff + p.ekSize
	if err := ParseEncapsulationKey(p, &dk.ek, b[ekOff:hOff]); err != nil {
		return nil, nil, fmt.Errorf("mlkem: %s expanded decapsulation key: embedded %w", p.name, err)
	}
	// The hash check compares public values (ek and the stored H(ek)), so a
	// plain comparison would do; subtle keeps it uniform with the rest.
	if subtle.ConstantTimeCompare(dk.ek.h[:], b[hOff:hOff+32]) != 1 {
		return nil, nil, fmt.Errorf("mlkem: %s expanded decapsulation key: stored hash is not H(ek) (FIPS 203, Section 7.3 hash check)", p.name)
	}
	ok := 1
	for i := range p.k {
		ok &= poly.DecodeNTT12(&dk.s[i], b[i*encodedPolySize:])
	}
	// Rejecting reveals only that the (malformed) key is malformed.
	if ok != 1 {
		return nil, nil, fmt.Errorf("mlkem: %s expanded decapsulation key: dk_PKE is not canonical: a coefficient is not below q = 3329", p.name)
	}
	copy(dk.z[:], b[hOff+32:])
	return w, dk, nil
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
	equal := equalInPlace(c2[:p.ctSize], ciphertext)
	subtle.ConstantTimeCopy(equal, kBar[:], g[:32])
	copy(sharedKey, kBar[:])

	// Destroy m′, K′, r′, K̄ and the re-encryption; sample.Run cleared the
	// Keccak states (J's absorbed z among them).
	clear(m[:])
	clear(g[:])
	clear(kBar[:])
	clear(c2[:])
}

const maxCTSize = 32 * (11*maxK + 5)

// equalInPlace returns 1 if c equals d and 0 otherwise, in constant time,
// overwriting c with c ⊕ d: crypto/subtle.XORBytes (vectorised), an OR over
// the 64-bit words of the difference, and crypto/subtle.ConstantTimeEq on
// the folded word. subtle.ConstantTimeCompare's byte loop took a tenth of a
// decapsulation. len(c) = len(d), a multiple of 8 (every ciphertext size).
func equalInPlace(c, d []byte) int {
	subtle.XORBytes(c, c, d)
	var acc uint64
	for i := 0; i+8 <= len(c); i += 8 {
		acc |= binary.LittleEndian.Uint64(c[i:])
	}
	return subtle.ConstantTimeEq(int32(uint32(acc)|uint32(acc>>32)), 0)
}
