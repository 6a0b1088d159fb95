package mldsa

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"

	"github.com/moduletto/moduletto/internal/isolate"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

const maxPublicKeySize = 32 + maxK*32*(23-d)

// PublicKey is an ML-DSA public key. Besides the encoding it holds the
// values verification needs, expanded once: the matrix Â and NTT(t1·2^d).
// A PublicKey is safe for concurrent use.
type PublicKey struct {
	p  *parameterSet
	ρ  [32]byte
	tr [64]byte // H(pk, 64)
	// aT holds row i of Â followed by NTT(−t1[i]·2^d): entry (i, j) is at
	// aT[i*(l+1)+j], and column l turns w'_Approx of Verify_internal into a
	// single inner product per row.
	// It holds exactly k·(l+1) entries: a key of a small parameter set
	// does not pay for the zeroing of a maximum-size matrix.
	aT  []poly.NTTPoly32
	enc [maxPublicKeySize]byte
}

// row returns the l entries of row i of Â.
func (pk *PublicKey) row(i int) []poly.NTTPoly32 {
	l := pk.p.l
	return pk.aT[i*(l+1) : i*(l+1)+l]
}

// rowT1 returns row i of Â followed by NTT(−t1[i]·2^d).
func (pk *PublicKey) rowT1(i int) []poly.NTTPoly32 {
	l := pk.p.l
	return pk.aT[i*(l+1) : (i+1)*(l+1)]
}

// PrivateKey is an ML-DSA private key, held in expanded form (the NTTs of
// s1, s2 and t0, and the public key with its matrix Â). It implements
// [crypto.Signer] and [crypto.MessageSigner]. A PrivateKey is safe for
// concurrent use.
type PrivateKey struct {
	pub     PublicKey
	seed    [32]byte
	hasSeed bool     // false for keys imported from the FIPS 204 expanded form
	secretK [32]byte // K of FIPS 204: the seed of ρ″ in signing
	s1      [maxL]poly.NTTPoly32
	s2      [maxK]poly.NTTPoly32
	t0      [maxK]poly.NTTPoly32
}

// GenerateKey generates a new private key for the parameter set p from the
// operating system's secure random source (FIPS 204, Algorithm 1).
func GenerateKey(p Parameters) (*PrivateKey, error) {
	if p.p == nil {
		return nil, errInvalidParameters
	}
	sk := new(PrivateKey)
	isolate.Run(func() {
		var ξ [32]byte
		rand.Read(ξ[:])
		keyGenInternal(sk, p.p, &ξ, nil)
		clear(ξ[:])
	})
	return sk, nil
}

// NewPrivateKey derives the private key of parameter set p from a 32-byte
// seed ξ, as ML-DSA.KeyGen_internal (FIPS 204, Algorithm 6) does. The seed
// is the recommended storage form of a key ([PrivateKey.Bytes]).
func NewPrivateKey(p Parameters, seed []byte) (*PrivateKey, error) {
	if p.p == nil {
		return nil, errInvalidParameters
	}
	if len(seed) != PrivateKeySize {
		return nil, fmt.Errorf("mldsa: private key seed is %d bytes, want %d", len(seed), PrivateKeySize)
	}
	sk := new(PrivateKey)
	keyGenInternal(sk, p.p, (*[32]byte)(seed), nil)
	return sk, nil
}

// keyGenInternal implements ML-DSA.KeyGen_internal, FIPS 204, Algorithm 6,
// filling sk from the seed ξ. If expanded is not nil it also receives the
// skEncode form (p.skSize bytes).
//
// Nothing branches on or indexes by the secret values; the rejection
// sampling of ExpandS consumes a secret-dependent amount of SHAKE output, as
// FIPS 204 allows. It runs isolated (see isolate).
func keyGenInternal(sk *PrivateKey, p *parameterSet, ξ *[32]byte, expanded []byte) {
	isolate.Run(func() { keyGen(sk, p, ξ, expanded) })
}

func keyGen(sk *PrivateKey, p *parameterSet, ξ *[32]byte, expanded []byte) {
	k, l := p.k, p.l
	sk.pub.p = p
	sk.seed, sk.hasSeed = *ξ, true

	// (ρ, ρ′, K) = H(ξ ‖ IntegerToBytes(k, 1) ‖ IntegerToBytes(l, 1), 128)
	var seeds [128]byte
	kl := [2]byte{byte(k), byte(l)}
	var jobs [maxK*maxL + maxK + maxL]sample.Job
	jobs[0] = sample.SHAKE256Job(seeds[:], ξ[:], kl[:])
	sample.Run(jobs[:1]) // clears the Keccak state, which absorbed ξ
	ρ, ρPrime := (*[32]byte)(seeds[0:32]), (*[64]byte)(seeds[32:96])
	sk.pub.ρ = *ρ
	copy(sk.secretK[:], seeds[96:])

	// Â = ExpandA(ρ) and (s1, s2) = ExpandS(ρ′) in one batch of Keccak
	// lanes (FIPS 204, Algorithm 6, lines 3–4).
	var s1, s2, t0 [maxK]poly.Poly32 // s1 uses the first l entries
	n := sk.pub.expandAJobs(jobs[:])
	for r := range l {
		jobs[n] = sample.RejBoundedPolyJob(&s1[r], ρPrime, uint16(r), int(p.η))
		n++
	}
	for r := range k {
		jobs[n] = sample.RejBoundedPolyJob(&s2[r], ρPrime, uint16(l+r), int(p.η))
		n++
	}
	sample.Run(jobs[:n])
	clear(seeds[32:])

	sk.expandFromSecrets(s1[:l], s2[:k], t0[:k])
	if expanded != nil {
		p.skEncode(expanded, &sk.pub.ρ, &sk.secretK, &sk.pub.tr, s1[:l], s2[:k], t0[:k])
	}
	clear(s1[:])
	clear(s2[:])
	clear(t0[:])
}

// expandAJobs allocates pk.aT and writes to jobs the k·ℓ sampling jobs of
// Â = ExpandA(ρ) (FIPS 204, Algorithm 32): Â[r, s] = RejNTTPoly(ρ‖s‖r),
// each into its place in row r of pk.aT. It returns the number of jobs; the
// caller runs them with sample.Run, alongside jobs of its own.
func (pk *PublicKey) expandAJobs(jobs []sample.Job) int {
	k, l := pk.p.k, pk.p.l
	pk.aT = make([]poly.NTTPoly32, k*(l+1))
	for r := range k {
		for s := range l {
			jobs[r*l+s] = sample.RejNTTPolyJob(&pk.aT[r*(l+1)+s], &pk.ρ, byte(s), byte(r))
		}
	}
	return k * l
}

// ntt transforms a coefficient-domain polynomial into dst (FIPS 204,
// Algorithm 41), leaving src unchanged.
func ntt(dst *poly.NTTPoly32, src *poly.Poly32) {
	*dst = poly.NTTPoly32(*src)
	(*poly.Poly32)(dst).NTT()
}

// expandFromSecrets completes a private key from ρ (already in sk.pub, with
// Â) and the coefficient forms of s1 and s2, following FIPS 204,
// Algorithm 6: t = NTT⁻¹(Â∘NTT(s1)) + s2, (t1, t0) = Power2Round(t),
// pk = pkEncode(ρ, t1), tr = H(pk, 64). It stores ŝ1, ŝ2, NTT(t0) and the
// public key, and returns the coefficient form of t0 in t0.
//
// Bounds: requires −η <= s1, s2 <= η coefficient-wise.
func (sk *PrivateKey) expandFromSecrets(s1, s2, t0 []poly.Poly32) {
	p := sk.pub.p
	k, l := p.k, p.l
	for j := range l {
		ntt(&sk.s1[j], &s1[j])
	}
	var t1 [maxK]poly.Poly32
	simd := simdRounding()
	for i := range k {
		t := &t1[i] // t1[i] holds t until Power2Round splits it
		poly.DotInverse32(t, sk.pub.row(i), sk.s1[:l])
		// |t[j]| < q and |s2| <= η, so the sum is within modQ's range.
		p.power2RoundPoly(t, &t0[i], &s2[i], simd)
		ntt(&sk.s2[i], &s2[i])
		ntt(&sk.t0[i], &t0[i])
	}
	sk.pub.encode(t1[:k])
}

// encode computes, from ρ and t1, the encoding pk and tr = H(pk, 64)
// (FIPS 204, Algorithm 6, lines 6–7).
//
// Bounds: requires 0 <= t1[i][j] < 2^10.
func (pk *PublicKey) encode(t1 []poly.Poly32) {
	enc := pk.enc[:pk.p.pkSize]
	pk.p.pkEncode(enc, &pk.ρ, t1)
	jobs := [1]sample.Job{sample.SHAKE256Job(pk.tr[:], enc, nil)}
	sample.Run(jobs[:])
}

// expandT1 sets the last column of pk.aT to NTT(−t1·2^d), decoding ρ and
// t1 from the encoding: the part of the public key only verification needs
// (FIPS 204, Algorithm 8, line 9). Key generation leaves it to
// [PrivateKey.PublicKey], so the public key embedded in a PrivateKey lacks
// it and is never used to verify.
func (pk *PublicKey) expandT1() {
	p := pk.p
	var t1 [maxK]poly.Poly32
	p.pkDecode(&pk.ρ, t1[:p.k], pk.enc[:p.pkSize])
	for i := range p.k {
		t := &t1[i]
		for j := range n {
			t[j] = -(t[j] << d) // |−t1·2^d| < q
		}
		// Left unreduced: |NTT(t)[j]| < 7q, and its products with NTT(c)
		// (also below 7q) stay within the 2^31·q that DotInverse32 accepts.
		ntt(&pk.rowT1(i)[p.l], t)
	}
}

// NewPublicKey parses an encoded public key of parameter set p (pkDecode,
// FIPS 204, Algorithm 23) and expands the matrix Â from it, so that every
// later [Verify] with the key skips that work. Every byte string of the
// right length is a valid encoding.
func NewPublicKey(p Parameters, b []byte) (*PublicKey, error) {
	pk := new(PublicKey)
	if err := parsePublicKey(pk, p, b); err != nil {
		return nil, err
	}
	return pk, nil
}

// parsePublicKey implements NewPublicKey into caller-owned memory.
func parsePublicKey(pk *PublicKey, p Parameters, b []byte) error {
	if p.p == nil {
		return errInvalidParameters
	}
	if len(b) != p.p.pkSize {
		return fmt.Errorf("mldsa: %s public key is %d bytes, want %d", p.p.name, len(b), p.p.pkSize)
	}
	pk.p = p.p
	copy(pk.enc[:], b) // every encoding of the right length is canonical
	copy(pk.ρ[:], b)
	// tr = H(pk, 64) takes one Keccak lane for all its blocks while the
	// ExpandA streams fill the others.
	var jobs [1 + maxK*maxL]sample.Job
	jobs[0] = sample.SHAKE256Job(pk.tr[:], pk.enc[:p.p.pkSize], nil)
	n := 1 + pk.expandAJobs(jobs[1:])
	sample.Run(jobs[:n])
	pk.expandT1()
	return nil
}

// Bytes returns the encoding of the public key (pkEncode, FIPS 204,
// Algorithm 22).
func (pk *PublicKey) Bytes() []byte {
	if pk.p == nil {
		return nil
	}
	return append([]byte(nil), pk.enc[:pk.p.pkSize]...)
}

// Parameters returns the parameter set of the key.
func (pk *PublicKey) Parameters() Parameters { return Parameters{pk.p} }

// Equal reports whether x is a *PublicKey with the same parameter set and
// encoding.
func (pk *PublicKey) Equal(x crypto.PublicKey) bool {
	other, ok := x.(*PublicKey)
	if !ok || other == nil || pk.p == nil || other.p != pk.p {
		return false
	}
	return subtle.ConstantTimeCompare(pk.enc[:pk.p.pkSize], other.enc[:pk.p.pkSize]) == 1
}

// Bytes returns the 32-byte seed ξ of the key, the recommended storage
// form. It returns nil for a key imported with [NewPrivateKeyFromExpanded],
// which has no seed: store such a key with [PrivateKey.ExpandedBytes].
func (sk *PrivateKey) Bytes() []byte {
	if !sk.hasSeed {
		return nil
	}
	return append([]byte(nil), sk.seed[:]...)
}

// PublicKey returns the public key of sk, as a copy that does not keep sk
// alive.
func (sk *PrivateKey) PublicKey() *PublicKey {
	if sk.pub.p == nil {
		return &PublicKey{}
	}
	pk := sk.pub
	pk.aT = slices.Clone(sk.pub.aT) // the private key's copy lacks the t1 column
	pk.expandT1()
	return &pk
}

// Public returns the public key of sk, as [crypto.Signer] requires.
func (sk *PrivateKey) Public() crypto.PublicKey { return sk.PublicKey() }

// PublicKeyBytes returns the encoding of the public key of sk, without
// copying the expanded public key.
func (sk *PrivateKey) PublicKeyBytes() []byte { return sk.pub.Bytes() }

// Parameters returns the parameter set of the key.
func (sk *PrivateKey) Parameters() Parameters { return Parameters{sk.pub.p} }

// Equal reports whether x is a *PrivateKey of the same parameter set and
// value, comparing in constant time: the seeds if both keys have one,
// otherwise the expanded encodings.
func (sk *PrivateKey) Equal(x crypto.PrivateKey) bool {
	other, ok := x.(*PrivateKey)
	if !ok || other == nil || sk.pub.p == nil || other.pub.p != sk.pub.p {
		return false
	}
	if sk.hasSeed && other.hasSeed {
		return subtle.ConstantTimeCompare(sk.seed[:], other.seed[:]) == 1
	}
	return subtle.ConstantTimeCompare(sk.ExpandedBytes(), other.ExpandedBytes()) == 1
}

// ExpandedBytes returns the FIPS 204 skEncode form of the key (Algorithm 24;
// 4032 bytes for ML-DSA-65), for exchange with implementations that need it.
// The seed form of [PrivateKey.Bytes] is smaller and preferred.
func (sk *PrivateKey) ExpandedBytes() []byte {
	p := sk.pub.p
	if p == nil {
		return nil
	}
	out := make([]byte, p.skSize)
	if sk.hasSeed {
		var tmp PrivateKey
		keyGenInternal(&tmp, p, &sk.seed, out)
		tmp.zero()
		return out
	}
	// No seed: recover s1, s2, t0 from their NTTs.
	var s1, s2, t0 [maxK]poly.Poly32
	for j := range p.l {
		invNTT(&s1[j], &sk.s1[j])
	}
	for i := range p.k {
		invNTT(&s2[i], &sk.s2[i])
		invNTT(&t0[i], &sk.t0[i])
	}
	p.skEncode(out, &sk.pub.ρ, &sk.secretK, &sk.pub.tr, s1[:p.l], s2[:p.k], t0[:p.k])
	clear(s1[:])
	clear(s2[:])
	clear(t0[:])
	return out
}

// invNTT sets dst to NTT⁻¹(a) centred in (−q/2, q/2] (FIPS 204,
// Algorithm 42), leaving a unchanged.
//
// Bounds: requires |a[i]| < q; ensures |dst[i]| <= (q−1)/2.
func invNTT(dst *poly.Poly32, a *poly.NTTPoly32) {
	t := *a
	*dst = *t.InverseNTT()
	dst.Center()
}

// zero overwrites the secret parts of sk.
func (sk *PrivateKey) zero() {
	clear(sk.seed[:])
	clear(sk.secretK[:])
	clear(sk.s1[:])
	clear(sk.s2[:])
	clear(sk.t0[:])
}

var (
	errExpandedT0   = errors.New("mldsa: invalid expanded private key: t0 does not match ρ, s1 and s2")
	errExpandedTr   = errors.New("mldsa: invalid expanded private key: tr is not the hash of the public key")
	errSeedMismatch = errors.New("mldsa: expanded private key does not match the seed")
)

// NewPrivateKeyFromExpanded imports a private key of parameter set p from
// the FIPS 204 skEncode form (Algorithm 25; 4032 bytes for ML-DSA-65).
//
// FIPS 204 warns that skDecode is meant for trusted input only; this
// function checks the whole key instead: every s1, s2 coefficient must lie
// in [−η, η], and t0 and tr must be the values that ρ, s1 and s2 determine
// (the public key is recomputed, which costs about a key generation). The
// resulting key has no seed, so [PrivateKey.Bytes] returns nil.
func NewPrivateKeyFromExpanded(p Parameters, expanded []byte) (*PrivateKey, error) {
	if p.p == nil {
		return nil, errInvalidParameters
	}
	ps := p.p
	if len(expanded) != ps.skSize {
		return nil, fmt.Errorf("mldsa: %s expanded private key is %d bytes, want %d", ps.name, len(expanded), ps.skSize)
	}
	sk := &PrivateKey{pub: PublicKey{p: ps}}
	var s1, s2, t0, t0Dec [maxK]poly.Poly32
	var tr [64]byte
	defer func() {
		clear(s1[:])
		clear(s2[:])
		clear(t0[:])
		clear(t0Dec[:])
	}()
	if err := ps.skDecode(&sk.pub.ρ, &sk.secretK, &tr, s1[:ps.l], s2[:ps.k], t0Dec[:ps.k], expanded); err != nil {
		return nil, err
	}
	var jobs [maxK * maxL]sample.Job
	sample.Run(jobs[:sk.pub.expandAJobs(jobs[:])])
	sk.expandFromSecrets(s1[:ps.l], s2[:ps.k], t0[:ps.k])
	var diff int32
	for i := range ps.k {
		for j := range n {
			diff |= t0[i][j] ^ t0Dec[i][j]
		}
	}
	if diff != 0 {
		sk.zero()
		return nil, errExpandedT0
	}
	if subtle.ConstantTimeCompare(tr[:], sk.pub.tr[:]) != 1 {
		sk.zero()
		return nil, errExpandedTr
	}
	return sk, nil
}

// NewPrivateKeyFromSeedAndExpanded imports a key stored in both forms (as
// the "both" private key format of RFC 9881 does): it derives the key from
// the seed and checks, in constant time, that its skEncode form equals
// expanded.
func NewPrivateKeyFromSeedAndExpanded(p Parameters, seed, expanded []byte) (*PrivateKey, error) {
	if p.p == nil {
		return nil, errInvalidParameters
	}
	if len(seed) != PrivateKeySize {
		return nil, fmt.Errorf("mldsa: private key seed is %d bytes, want %d", len(seed), PrivateKeySize)
	}
	if len(expanded) != p.p.skSize {
		return nil, fmt.Errorf("mldsa: %s expanded private key is %d bytes, want %d", p.p.name, len(expanded), p.p.skSize)
	}
	sk := new(PrivateKey)
	out := make([]byte, p.p.skSize)
	keyGenInternal(sk, p.p, (*[32]byte)(seed), out)
	ok := subtle.ConstantTimeCompare(out, expanded)
	clear(out)
	if ok != 1 {
		sk.zero()
		return nil, errSeedMismatch
	}
	return sk, nil
}
