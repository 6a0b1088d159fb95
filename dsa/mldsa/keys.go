package mldsa

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"github.com/moduletto/moduletto/internal/ctgrind"
	"sync"
	"sync/atomic"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/isolate"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

const maxPublicKeySize = 32 + maxK*t1RowSize

// PublicKey is an ML-DSA public key. Besides the encoding it holds the
// values verification needs: tr and the matrix Â. NTT(t1) is computed from
// the encoding by each verification that streams Â (a row at a time) and
// once into the kept matrix, so a parsed key is one small allocation.
//
// A parsed key expands Â on its second verification and keeps it: the
// first one samples Â up to four rows at a time into its own stack frame, so a
// key verified once (a certificate chain, say) costs no 36 KiB matrix on
// the heap, and a key verified repeatedly does the ExpandA work once. A
// PublicKey is safe for concurrent use.
type PublicKey struct {
	p *parameterSet
	ρ [32]byte
	// tr = H(pk, 64), computed on first use (see trHash): a parsed key's
	// first verification computes it in a spare Keccak lane beside Â, a
	// generated key's first signature beside the sampling of its signing
	// form; trOnce and trReady publish it.
	tr      [64]byte
	trOnce  sync.Once
	trReady atomic.Bool
	// a holds Â, row i in a[i][:l], with NTT(−t1[i]·2^d) in a[i][l]; nil
	// until expanded (at key generation for a private key).
	a        atomic.Pointer[matrix]
	verifies atomic.Uint32 // verifications before a was expanded
	enc      [maxPublicKeySize]byte
}

// matrix holds the rows of Â, each with room for one more entry.
type matrix [maxK][]poly.NTTPoly32

// row returns the l entries of row i of Â; pk.a must be set.
func (pk *PublicKey) row(i int) []poly.NTTPoly32 {
	return pk.a.Load()[i][:pk.p.l]
}

// maxSmallAlloc is the largest object Go allocates from its per-processor
// caches; a larger one takes the runtime's large-object path (a heap lock,
// fresh zeroed pages, and their return to the OS later), which measured
// about 12 µs for the 36 KiB matrix of an ML-DSA-65 key, against well
// under a microsecond for the two allocations newMatrix makes instead.
const maxSmallAlloc = 32 << 10

// newMatrix allocates the k rows of w entries of a matrix for p (w = l for
// a private key's Â, l+1 for a verifying key's, which keeps t1 beside each
// row), packing as many rows into one allocation as stay within
// maxSmallAlloc: one for a private key, two for a verifying key.
func newMatrix(p *parameterSet, w int) *matrix {
	m := new(matrix)
	k := p.k
	per := 1 // rows per allocation (counted, not divided: the DIV scan)
	for (per+1)*w*4*poly.N <= maxSmallAlloc {
		per++
	}
	for i := 0; i < k; i += per {
		c := min(per, k-i)
		buf := make([]poly.NTTPoly32, c*w)
		for r := range c {
			m[i+r] = buf[r*w : (r+1)*w : (r+1)*w]
		}
	}
	return m
}

// expandA allocates a matrix of rows of w entries (see newMatrix) and
// samples Â = ExpandA(ρ) into their first l entries.
func (pk *PublicKey) expandA(w int) *matrix {
	m := newMatrix(pk.p, w)
	var jobs [maxK * maxL]sample.Job
	sample.Run(jobs[:pk.matrixJobs(jobs[:], m)])
	return m
}

// matrixJobs writes to jobs the k·l sampling jobs of Â = ExpandA(ρ) into m
// (FIPS 204, Algorithm 32: Â[r, s] = RejNTTPoly(ρ‖s‖r) into m[r][s]) and
// returns k·l. The matrix is on the heap, so storing the jobs through the
// slice costs no allocation.
func (pk *PublicKey) matrixJobs(jobs []sample.Job, m *matrix) int {
	l := pk.p.l
	for r := range pk.p.k {
		for s := range l {
			jobs[r*l+s] = sample.RejNTTPolyJob(&m[r][s], &pk.ρ, byte(s), byte(r))
		}
	}
	return pk.p.k * l
}

// matrix returns Â for a verification, or nil if this one should sample
// Â itself: the first verification with a key streams, the second expands
// and keeps the matrix (with t1 in its last column) for every later one.
func (pk *PublicKey) matrix() *matrix {
	if m := pk.a.Load(); m != nil {
		return m
	}
	if pk.verifies.Add(1) < 2 {
		return nil
	}
	m := pk.expandA(pk.p.l + 1)
	for r := range pk.p.k {
		pk.keptColumn(&m[r][pk.p.l], r)
	}
	if !pk.a.CompareAndSwap(nil, m) {
		m = pk.a.Load() // another verification got there first
	}
	return m
}

// PrivateKey is an ML-DSA private key. A key generated from a seed holds
// the seed ξ, ρ′ and K (FIPS 204, Algorithm 6, line 2) and the public key's
// encoding: tr = H(pk, 64), s1 and s2 = ExpandS(ρ′) and t0 are derived from
// them when needed, so an ML-DSA-65 key is 2.9 KiB where FIPS 204's (ρ, K,
// tr, s1, s2, t0) as 32-bit coefficients would be 20 KiB, which keeps key
// generation off the garbage collector's heavy path. A key imported from the expanded form
// ([NewPrivateKeyFromExpanded]) has no seed and keeps that encoding instead.
// It implements [crypto.Signer] and [crypto.MessageSigner], and is safe for
// concurrent use.
//
// The values ML-DSA.Sign_internal derives from the key before its loop
// (FIPS 204, Algorithm 7, lines 1–5: the NTTs of s1, s2 and t0, and the
// matrix Â = ExpandA(ρ)) are kept for every signature, 47 KiB for
// ML-DSA-65 in two large allocations (the rows of Â, and the NTTs). Key generation and import sample Â to
// compute t in any case; what they keep depends on the backend (see
// keepsSigningForm). With the AVX2 kernels they sample it into their own
// stack frame, so a key generated to be stored or exported costs no 30 KiB
// matrix and no 17 NTTs, and the key's first signature samples Â and, for
// a seeded key, s1 and s2 again and tr, in one batch, and recomputes t0.
// With the portable code they keep Â, NTT(s1), s2 and t0, and the first
// signature only transforms s2 and t0 and computes tr. Later signatures
// allocate nothing.
type PrivateKey struct {
	pub     PublicKey // its matrix is set by the first signature
	seed    [32]byte
	hasSeed bool     // false for keys imported from the FIPS 204 expanded form
	secretK [32]byte // K of FIPS 204: the seed of ρ″ in signing
	ρPrime  [64]byte // ρ′ of FIPS 204, the seed of s1 and s2; set with seed
	// expanded is the skEncode form of a key imported without a seed
	// (s1, s2 and t0 cannot be derived without one); nil otherwise.
	expanded []byte

	expandOnce sync.Once
	hat        *signingForm // set by expandOnce
}

// signingForm holds NTT(s1), NTT(s2) and NTT(t0) (FIPS 204, Algorithm 7,
// lines 2–4), computed by a key's first signature: ℓ, k and k entries of
// one allocation.
type signingForm struct {
	s1, s2, t0 []poly.NTTPoly32
}

// newSigningForm allocates the signing form of a key of p.
func newSigningForm(p *parameterSet) *signingForm {
	k, l := p.k, p.l
	buf := make([]poly.NTTPoly32, l+2*k)
	return &signingForm{s1: buf[:l:l], s2: buf[l : l+k : l+k], t0: buf[l+k:]}
}

// keepsSigningForm reports whether key generation and import keep what
// they compute of the signing form (Â, NTT(s1), s2 and t0) in the key, for
// the first signature to finish (see finishKey and signing). They do when
// the AVX2 kernels are not in use. There, sampling Â again costs more than
// holding it: the portable ML-DSA-44 key generation plus first signature
// took 0.7 of the time of sampling again. With the AVX2 kernels, the
// opposite holds: writing the key's 54 KiB of cold memory made ML-DSA-65
// key generation 30 % slower, for a first signature saved of about one key
// generation.
func keepsSigningForm() bool { return !cpu.AVX2Kernels() }

// signing returns the signing form of sk, completing it on first use
// (FIPS 204, Algorithm 7, lines 1–5), and computes tr = H(pk, 64) unless it
// is known. A key that kept Â, NTT(s1), s2 and t0 (see keepsSigningForm)
// transforms s2 and t0 in place. Otherwise the matrix Â goes to sk.pub: a
// seeded key samples s1 and s2 = ExpandS(ρ′) (Algorithm 33) beside
// Â = ExpandA(ρ) (Algorithm 32) and tr in one batch and recomputes t0 as
// key generation does (Algorithm 6, lines 5–6); an imported key decodes
// s1, s2 and t0 from its expanded form.
func (sk *PrivateKey) signing() *signingForm {
	sk.expandOnce.Do(func() {
		if h := sk.hat; h != nil {
			for i := range sk.pub.p.k {
				// |s2| <= η and |t0| <= 2^12: within NTT's input bound.
				(*poly.Poly32)(&h.s2[i]).NTT()
				(*poly.Poly32)(&h.t0[i]).NTT()
			}
			sk.pub.trHash()
			return
		}
		pk := &sk.pub
		p := pk.p
		k, l := p.k, p.l
		m := newMatrix(p, l)
		h := newSigningForm(p)
		var s [maxL + 2*maxK]poly.Poly32 // s1 ‖ s2 ‖ t0
		var tr [64]byte
		var jobs [1 + maxK*maxL + maxL + maxK]sample.Job
		n := 0
		needTr := !pk.trReady.Load()
		if needTr { // the longest job first
			jobs[n] = sample.SHAKE256Job(tr[:], pk.enc[:p.pkSize], nil)
			n++
		}
		// m is on the heap, so the jobs may point into it; s is written
		// straight into the local array, so it stays in this frame.
		n += pk.matrixJobs(jobs[n:], m)
		if sk.expanded == nil {
			for r := range l + k {
				jobs[n] = sample.RejBoundedPolyJob(&s[r], &sk.ρPrime, uint16(r), int(p.η))
				n++
			}
		}
		sample.Run(jobs[:n])
		if needTr {
			pk.publishTr(&tr)
		}

		if sk.expanded != nil {
			var ρ, K [32]byte
			var tr [64]byte
			// Checked when the key was imported: cannot fail.
			_ = p.skDecode(&ρ, &K, &tr, s[:l], s[l:l+k], s[l+k:l+2*k], sk.expanded)
			clear(K[:])
		}
		for j := range l {
			h.s1[j].SetNTT(&s[j])
		}
		if sk.expanded == nil {
			// t = NTT⁻¹(Â∘NTT(s1)) + s2 and (t1, t0) = Power2Round(t).
			simd := cpu.AVX2Kernels()
			var t poly.Poly32
			for i := range k {
				poly.DotInverse32(&t, m[i][:l], h.s1)
				// |t[j]| < q and |s2| <= η, so the sum is within modQ's range.
				p.power2RoundPoly(&t, &s[l+k+i], &s[l+i], simd)
			}
		}
		for i := range k {
			h.s2[i].SetNTT(&s[l+i])
			h.t0[i].SetNTT(&s[l+k+i])
		}
		clear(s[:])
		pk.a.Store(m)
		sk.hat = h
	})
	return sk.hat
}

// tr returns tr = H(pk, 64) for a signature by sk. Key generation leaves
// tr to its first use: a key's first signature computes it beside Â in
// the batch that derives the signing form (see signing).
func (sk *PrivateKey) tr() *[64]byte {
	sk.signing()
	return sk.pub.trHash()
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
		return nil, fmt.Errorf("mldsa: %s private key seed is %d bytes, want %d", p.p.name, len(seed), PrivateKeySize)
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

	// Line 1: (ρ, ρ′, K) ← H(ξ ‖ IntegerToBytes(k, 1) ‖ IntegerToBytes(ℓ, 1), 128).
	var seeds [128]byte
	kl := [2]byte{byte(k), byte(l)}
	hash := [1]sample.Job{sample.SHAKE256Job(seeds[:], ξ[:], kl[:])}
	sample.Run(hash[:])
	ctgrind.Public(seeds[0:32]) // ρ is part of pk: public (valgrind builds only)
	ρ, ρPrime := (*[32]byte)(seeds[0:32]), (*[64]byte)(seeds[32:96])
	sk.pub.ρ = *ρ
	sk.ρPrime = *ρPrime
	copy(sk.secretK[:], seeds[96:])

	// Lines 3–4: Â ← ExpandA(ρ) and (s1, s2) ← ExpandS(ρ′) in one batch,
	// s1 and s2 into this frame (the key keeps ρ′, see PrivateKey); then
	// lines 5–7: t, (t1, t0) and pk; tr only for the expanded form, which
	// holds it: a key that signs computes it on its first signature (see
	// signing).
	var s [maxL + maxK]poly.Poly32 // s1 ‖ s2
	var expandS [maxL + maxK]sample.Job
	for r := range l + k {
		expandS[r] = sample.RejBoundedPolyJob(&s[r], ρPrime, uint16(r), int(p.η))
	}
	var t0 []byte // t0 is needed only for the expanded form
	if expanded != nil {
		t0 = expanded[p.t0Offset():]
	}
	sk.expandAndFinish(expandS[:l+k], s[:l], s[l:l+k], t0, expanded != nil)
	clear(seeds[32:])

	if expanded != nil {
		p.skEncode(expanded, &sk.pub.ρ, &sk.secretK, &sk.pub.tr, s[:l], s[l:l+k])
	}
	clear(s[:])
}

// expandAndFinish samples Â = ExpandA(ρ) (FIPS 204, Algorithm 32) in one
// batch with the jobs in extra, into a matrix the key keeps if it keeps
// its signing form (see keepsSigningForm) and into this frame otherwise,
// and then completes the key with finishKey. The jobs are written straight
// into the local array, so what is sampled into this frame stays here.
func (sk *PrivateKey) expandAndFinish(extra []sample.Job, s1, s2 []poly.Poly32, t0 []byte, withTr bool) {
	p := sk.pub.p
	k, l := p.k, p.l
	var rows matrix
	var kept *matrix
	if keepsSigningForm() {
		kept = newMatrix(p, l)
		rows = *kept
	} else {
		var a [maxK][maxL]poly.NTTPoly32
		for r := range k {
			rows[r] = a[r][:l]
		}
	}
	var jobs [maxK*maxL + maxL + maxK]sample.Job
	for r := range k {
		for c := range l {
			jobs[r*l+c] = sample.RejNTTPolyJob(&rows[r][c], &sk.pub.ρ, byte(c), byte(r))
		}
	}
	n := k * l
	for i := range extra { // not copy, which would move what extra points to onto the heap
		jobs[n] = extra[i]
		n++
	}
	sample.Run(jobs[:n])
	sk.finishKey(&rows, kept, s1, s2, t0, withTr)
}

// finishKey completes the public key from Â (in rows) and s1, s2,
// following FIPS 204, Algorithm 6, lines 5–7: t = NTT⁻¹(Â∘NTT(s1)) + s2,
// (t1, t0) = Power2Round(t), pk = pkEncode(ρ, t1) and, if withTr,
// tr = H(pk, 64). pk.ρ must be set. Unless t0 is nil it also receives
// BitPack(t0) of skEncode (see skEncodeT0Row). Unless kept (the matrix
// rows were copied from) is nil, the key keeps it as Â and a signing form
// of NTT(s1), and s2 and t0 in the coefficient domain for the first
// signature to transform (see signing).
//
// Bounds: requires −η <= s1, s2 <= η coefficient-wise.
func (sk *PrivateKey) finishKey(rows, kept *matrix, s1, s2 []poly.Poly32, t0 []byte, withTr bool) {
	pk := &sk.pub
	p := pk.p
	l := p.l
	enc := pk.enc[:p.pkSize]
	copy(enc, pk.ρ[:])
	simd := cpu.AVX2Kernels()
	var h *signingForm
	var s1Local [maxL]poly.NTTPoly32
	var t0Local poly.Poly32 // t0[i] unless kept
	s1Hat := s1Local[:l]
	if kept != nil {
		h = newSigningForm(p)
		s1Hat = h.s1
	}
	for c := range l {
		s1Hat[c].SetNTT(&s1[c])
	}
	var t poly.Poly32 // t[i], then t1[i] once Power2Round splits it
	for i := range p.k {
		t0i := &t0Local
		if h != nil {
			t0i = (*poly.Poly32)(&h.t0[i])
			h.s2[i] = poly.NTTPoly32(s2[i])
		}
		poly.DotInverse32(&t, rows[i][:l], s1Hat)
		// |t[j]| < q and |s2| <= η, so the sum is within modQ's range.
		p.power2RoundPoly(&t, t0i, &s2[i], simd)
		pkEncodeRow(enc, i, &t)
		if t0 != nil {
			skEncodeT0Row(t0, i, t0i)
		}
	}
	clear(s1Local[:])
	clear(t0Local[:])
	ctgrind.Public(enc) // pk is public (valgrind builds only)
	if kept != nil {
		pk.a.Store(kept)
		sk.hat = h
	}
	if withTr {
		pk.trHash()
	}
}

// trHash returns tr = H(pk, 64), computing it first if no one has.
func (pk *PublicKey) trHash() *[64]byte {
	pk.trOnce.Do(func() {
		jobs := [1]sample.Job{sample.SHAKE256Job(pk.tr[:], pk.enc[:pk.p.pkSize], nil)}
		sample.Run(jobs[:])
		pk.trReady.Store(true)
	})
	return &pk.tr
}

// publishTr sets pk.tr to tr, computed by the caller, unless it is already
// set, and returns pk.tr.
func (pk *PublicKey) publishTr(tr *[64]byte) *[64]byte {
	pk.trOnce.Do(func() {
		pk.tr = *tr
		pk.trReady.Store(true)
	})
	return &pk.tr
}

// t1NTT sets dst = NTT(t1[i]), row i of t1 decoded from the encoding
// (pkDecode, FIPS 204, Algorithm 23): with NTT(−c·2^d) (see challengeNTT),
// the column that turns w'_Approx of Verify_internal (Algorithm 8,
// line 9) into one inner product per row with Â. Left unreduced:
// 0 <= t1 < 2^10, so |NTT(t1)[j]| < 7q, and its products with NTT(−c·2^d)
// (also below 7q) stay within the 2^31·q that DotInverse32 accepts.
func (pk *PublicKey) t1NTT(dst *poly.NTTPoly32, i int) {
	t := (*poly.Poly32)(dst)
	pkDecodeRow(t, pk.enc[:pk.p.pkSize], i)
	t.NTT()
}

// keptColumn sets dst = NTT(−t1[i]·2^d), column l of row i of the kept
// matrix: t1NTT, then t1Column.
func (pk *PublicKey) keptColumn(dst *poly.NTTPoly32, i int) {
	pk.t1NTT(dst, i)
	t1Column(dst, dst)
}

// NewPublicKey parses an encoded public key of parameter set p (pkDecode,
// FIPS 204, Algorithm 23); tr = H(pk, 64) is computed by the first use
// and the matrix Â sampled by the first [Verify] and kept from the second
// on (see [PublicKey]). Every byte
// string of the right length is a valid encoding.
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
	// A reused PublicKey forgets the matrix and tr of its previous key.
	pk.a.Store(nil)
	pk.verifies.Store(0)
	pk.trOnce = sync.Once{}
	pk.trReady.Store(false)
	// tr, Â and NTT(t1) are left to the verifications (see PublicKey).
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
	pk := &PublicKey{p: sk.pub.p, ρ: sk.pub.ρ, enc: sk.pub.enc}
	if sk.pub.trReady.Load() { // else the copy computes it on first use
		pk.publishTr(&sk.pub.tr)
	}
	// A key that has signed has Â: copy it rather than sample it again.
	// Otherwise the copy samples Â like a parsed key (see PublicKey).
	if a := sk.pub.a.Load(); a != nil {
		m := newMatrix(pk.p, pk.p.l+1)
		for i := range pk.p.k {
			copy(m[i], a[i][:pk.p.l])
			pk.keptColumn(&m[i][pk.p.l], i)
		}
		pk.a.Store(m)
	}
	return pk
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
// 2560, 4032 or 4896 bytes for ML-DSA-44, -65, -87), for exchange with
// implementations that need it.
// The seed form of [PrivateKey.Bytes] is smaller and preferred. A key with a
// seed derives s1, s2 and t0 again (see [PrivateKey]), which costs about a
// key generation.
func (sk *PrivateKey) ExpandedBytes() []byte {
	p := sk.pub.p
	if p == nil {
		return nil
	}
	if sk.expanded != nil {
		return append([]byte(nil), sk.expanded...)
	}
	out := make([]byte, p.skSize)
	again := new(PrivateKey)
	keyGenInternal(again, p, &sk.seed, out)
	again.zero()
	return out
}

// zero overwrites the secret parts of sk.
func (sk *PrivateKey) zero() {
	clear(sk.seed[:])
	clear(sk.secretK[:])
	clear(sk.ρPrime[:])
	clear(sk.expanded)
	if sk.hat != nil {
		clear(sk.hat.s1)
		clear(sk.hat.s2)
		clear(sk.hat.t0)
	}
}

var (
	errExpandedT0   = errors.New("mldsa: invalid expanded private key: t0 does not match ρ, s1 and s2")
	errExpandedTr   = errors.New("mldsa: invalid expanded private key: tr is not the hash of the public key")
	errSeedMismatch = errors.New("mldsa: expanded private key does not match the seed")
)

// NewPrivateKeyFromExpanded imports a private key of parameter set p from
// the FIPS 204 skEncode form (Algorithm 25; 2560, 4032 or 4896 bytes for
// ML-DSA-44, -65, -87).
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
	k, l := ps.k, ps.l
	var s [maxL + maxK]poly.Poly32 // s1 ‖ s2
	var t0 [maxK * t0RowSize]byte  // BitPack(t0) of the recomputed key
	var tr [64]byte
	defer clear(s[:])
	defer clear(t0[:])
	if err := ps.skDecode(&sk.pub.ρ, &sk.secretK, &tr, s[:l], s[l:l+k], nil, expanded); err != nil {
		sk.zero()
		return nil, err
	}
	sk.expandAndFinish(nil, s[:l], s[l:l+k], t0[:k*t0RowSize], true)
	// BitPack(t0, 2^12 − 1, 2^12) is one-to-one on 13-bit fields, so equal
	// encodings are equal values.
	if subtle.ConstantTimeCompare(t0[:k*t0RowSize], expanded[ps.t0Offset():]) != 1 {
		sk.zero()
		return nil, errExpandedT0
	}
	if subtle.ConstantTimeCompare(tr[:], sk.pub.tr[:]) != 1 {
		sk.zero()
		return nil, errExpandedTr
	}
	sk.expanded = append([]byte(nil), expanded...)
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
		return nil, fmt.Errorf("mldsa: %s private key seed is %d bytes, want %d", p.p.name, len(seed), PrivateKeySize)
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

// negPow2d is the constant polynomial −2^d mod q in the NTT domain.
var negPow2d = func() (c poly.NTTPoly32) {
	for j := range c {
		c[j] = q - 1<<d
	}
	return c
}()

// t1Column sets dst = NTT(−t1·2^d) = NTT(t1)∘(−2^d), the last column of the
// kept matrix, from t1Hat = NTT(t1) (dst may be t1Hat). Once per key: a verification
// that streams Â scales c instead (challengeNTT), one polynomial rather
// than k.
//
// Bounds: requires |t1Hat[j]| < 7q; ensures |dst[j]| < q.
func t1Column(dst, t1Hat *poly.NTTPoly32) {
	poly.MulNTT32(dst, t1Hat, &negPow2d)
}
