package mldsa

import (
	"crypto"
	"crypto/rand"
	"crypto/sha3"
	"fmt"
	"github.com/moduletto/moduletto/internal/ctgrind"
	"io"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/isolate"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// Options holds the options of ML-DSA signing and verification. It
// implements [crypto.SignerOpts]. A nil *Options is the zero value.
type Options struct {
	// Context separates signatures made for different purposes (the ctx
	// of FIPS 204, Algorithms 2 and 3). It must be at most 255 bytes long;
	// it is empty by default. The same context must be used to sign and to
	// verify.
	Context string
}

// HashFunc returns zero: ML-DSA signs the message itself, not a digest. It
// implements [crypto.SignerOpts].
func (*Options) HashFunc() crypto.Hash { return 0 }

func (o *Options) context() string {
	if o == nil {
		return ""
	}
	return o.Context
}

// signMode is what SignerOpts ask [PrivateKey.Sign] for, as in the
// standard library's crypto/mldsa: pure ML-DSA of the message (HashFunc
// zero, with the context of an *Options) or, from Go 1.27 on, a signature
// of a precomputed μ (HashFunc crypto.MLDSAMu). Any other hash is an error:
// HashML-DSA has its own entry points ([SignHash], [SignDigest]).
func signMode(opts crypto.SignerOpts) (context string, mu bool, err error) {
	if opts == nil {
		return "", false, nil
	}
	switch h := opts.HashFunc(); {
	case h == 0:
		if o, ok := opts.(*Options); ok {
			return o.context(), false, nil
		}
		return "", false, nil
	case isMLDSAMu(h):
		return "", true, nil
	}
	return "", false, errInvalidSignerOpts
}

// Sign signs message with a hedged signature (ML-DSA.Sign, FIPS 204,
// Algorithm 2): the 32 bytes of fresh randomness come from crypto/rand,
// whatever rand is, as in the other signers of the standard library since
// Go 1.26 (tests can fix them with testing/cryptotest.SetGlobalRandom). It
// implements [crypto.Signer].
//
// If opts is nil or opts.HashFunc returns zero, the message is signed
// directly; opts may be an *[Options] carrying the context string. Built
// with Go 1.27 or later, if opts.HashFunc returns crypto.MLDSAMu, message
// must be a precomputed 64-byte μ (RFC 9881, external μ; see [ComputeMu]),
// as in the standard library. Any other hash is an error: for HashML-DSA
// use [SignHash] or [SignDigest].
func (sk *PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	return sk.signOpts(message, opts, false)
}

// SignMessage is [PrivateKey.Sign]: ML-DSA signs whole messages. It
// implements [crypto.MessageSigner].
func (sk *PrivateKey) SignMessage(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	return sk.Sign(rand, message, opts)
}

// SignDeterministic signs message with the deterministic variant of
// ML-DSA.Sign (FIPS 204, Algorithm 2 with rnd = 0^32): the same key,
// message and context always give the same signature. Hedged signing
// ([PrivateKey.Sign]) is preferred where fault or side-channel attacks are a
// concern. opts is read as by [PrivateKey.Sign].
func (sk *PrivateKey) SignDeterministic(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	return sk.signOpts(message, opts, true)
}

func (sk *PrivateKey) signOpts(message []byte, opts crypto.SignerOpts, deterministic bool) ([]byte, error) {
	if sk.pub.p == nil {
		return nil, errZeroPrivateKey
	}
	context, mu, err := signMode(opts)
	if err != nil {
		return nil, err
	}
	if mu {
		return signMu(sk, message, deterministic)
	}
	return sk.sign(message, context, deterministic)
}

func (sk *PrivateKey) sign(message []byte, context string, deterministic bool) ([]byte, error) {
	if sk.pub.p == nil {
		return nil, errZeroPrivateKey
	}
	sig := make([]byte, sk.pub.p.sigSize)
	if err := sk.signTo(sig, message, context, deterministic); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignTo writes a signature of message under opts into sig, which must be
// exactly SignatureSize bytes long, without allocating (except in a key's
// first signature, which computes and keeps the key's signing form, see
// [PrivateKey]). The signature is
// hedged unless deterministic is true (then rnd = 0^32, FIPS 204,
// Algorithm 2).
func (sk *PrivateKey) SignTo(sig, message []byte, opts *Options, deterministic bool) error {
	if sk.pub.p == nil {
		return errZeroPrivateKey
	}
	return sk.signTo(sig, message, opts.context(), deterministic)
}

func (sk *PrivateKey) signTo(sig, message []byte, context string, deterministic bool) error {
	p := sk.pub.p
	if len(sig) != p.sigSize {
		return fmt.Errorf("mldsa: %s signature buffer is %d bytes, want %d", p.name, len(sig), p.sigSize)
	}
	var μ [MuSize]byte
	if err := computeMu(&μ, sk.tr(), message, context); err != nil {
		return err
	}
	var rnd [32]byte
	if !deterministic {
		rand.Read(rnd[:])
	}
	err := sk.signInternal(sig, &μ, &rnd)
	clear(μ[:])
	clear(rnd[:])
	return err
}

// computeMu sets μ = H(tr ‖ M′, 64) with M′ = 0 ‖ |ctx| ‖ ctx ‖ M, the
// message representative of ML-DSA.Sign and ML-DSA.Verify (FIPS 204,
// Algorithms 2, 3 and line 6 of Algorithm 7), absorbing M′ piecewise so that
// the message is never copied.
func computeMu(μ *[MuSize]byte, tr *[64]byte, message []byte, context string) error {
	var in muInput
	if err := in.setPure(message, context); err != nil {
		return err
	}
	in.sum(μ, tr)
	return nil
}

// ComputeMu returns the 64-byte message representative μ = H(H(pk, 64) ‖
// M′, 64) of FIPS 204, Algorithm 7, line 6, for the encoded public key
// publicKey, message and context. μ can be computed where the message is and
// signed with [SignExternalMu] where the key is ("external μ", RFC 9881),
// and checked with [VerifyExternalMu].
func ComputeMu(p Parameters, publicKey, message []byte, opts *Options) ([]byte, error) {
	if p.p == nil {
		return nil, errInvalidParameters
	}
	if len(publicKey) != p.p.pkSize {
		return nil, fmt.Errorf("mldsa: %s public key is %d bytes, want %d", p.p.name, len(publicKey), p.p.pkSize)
	}
	var tr [64]byte
	var h sha3.SHAKE
	h.Write(publicKey)
	h.Read(tr[:])
	var μ [MuSize]byte
	if err := computeMu(&μ, &tr, message, opts.context()); err != nil {
		return nil, err
	}
	return μ[:], nil
}

// SignExternalMu signs a precomputed message representative μ (see
// [ComputeMu]) with a hedged signature: Sign_internal of FIPS 204,
// Algorithm 7 from line 7 on.
func SignExternalMu(sk *PrivateKey, mu []byte) ([]byte, error) {
	return signMu(sk, mu, false)
}

// SignExternalMuDeterministic is [SignExternalMu] with rnd = 0^32.
func SignExternalMuDeterministic(sk *PrivateKey, mu []byte) ([]byte, error) {
	return signMu(sk, mu, true)
}

func signMu(sk *PrivateKey, mu []byte, deterministic bool) ([]byte, error) {
	if sk == nil || sk.pub.p == nil {
		return nil, errZeroPrivateKey
	}
	if len(mu) != MuSize {
		return nil, fmt.Errorf("mldsa: %s μ is %d bytes, want %d", sk.pub.p.name, len(mu), MuSize)
	}
	var rnd [32]byte
	if !deterministic {
		rand.Read(rnd[:])
	}
	sig := make([]byte, sk.pub.p.sigSize)
	err := sk.signInternal(sig, (*[MuSize]byte)(mu), &rnd)
	clear(rnd[:])
	if err != nil {
		return nil, err
	}
	return sig, nil
}

// SignInternal implements ML-DSA.Sign_internal, FIPS 204, Algorithm 7, on
// an already formatted message M′ and the 32-byte randomness rnd. It exists
// for known-answer tests (NIST ACVP vectors); applications use
// [PrivateKey.Sign], which formats M′ with the context and draws rnd.
func SignInternal(sk *PrivateKey, mPrime, rnd []byte) ([]byte, error) {
	if sk == nil || sk.pub.p == nil {
		return nil, errZeroPrivateKey
	}
	if len(rnd) != 32 {
		return nil, fmt.Errorf("mldsa: rnd is %d bytes, want 32", len(rnd))
	}
	var μ [MuSize]byte
	var h sha3.SHAKE
	h.Write(sk.tr()[:])
	h.Write(mPrime)
	h.Read(μ[:])
	sig := make([]byte, sk.pub.p.sigSize)
	err := sk.signInternal(sig, &μ, (*[32]byte)(rnd))
	clear(μ[:])
	if err != nil {
		return nil, err
	}
	return sig, nil
}

// modQ returns x mod q.
//
// Bounds: requires −q <= x < 2q; ensures 0 <= r < q.
func modQ(x int32) int32 {
	x -= q
	x += (x >> 31) & q
	x += (x >> 31) & q
	return x
}

// centerSmall returns the representative of x mod q in (−q/2, q/2], for a
// product such as c·s2 whose true value is small: the coefficients
// MulInverse32 returns lie in (−q, q), so one conditional addition or
// subtraction of q (by mask) suffices.
//
// Bounds: requires |x| < q; ensures |r| <= (q−1)/2.
func centerSmall(x int32) int32 {
	x += (x >> 31) & q           // [0, q)
	return x - ((q-1)/2-x)>>31&q // (−q/2, q/2]
}

// exceeds returns −1 if |x| >= bound and 0 otherwise, without branches.
//
// Bounds: requires |x| < 2^30, 0 < bound < 2^30; ensures r ∈ {−1, 0}.
func exceeds(x, bound int32) int32 {
	sign := x >> 31
	return (bound - 1 - (x ^ sign - sign)) >> 31
}

// signInternal implements ML-DSA.Sign_internal, FIPS 204, Algorithm 7, from
// μ (line 6) on, writing σ into sig (p.sigSize bytes). It allocates nothing:
// every temporary is a max-size array on the stack.
//
// Timing: the loop runs until a candidate passes the FIPS 204 checks of
// lines 23 and 28 on r0, z, ct0 and the hint count. Deciding to reject is
// the only branch on secret-derived data, as FIPS 204 allows for this loop;
// it is taken after each check so that a rejected candidate costs no more
// work than needed (r0 first, the check most likely to fail), which reveals
// which check rejected it, as the Go standard library's and CIRCL's
// implementations also do. Each check itself is computed with masks over all
// coefficients, and rejected candidates are never output. SampleInBall's
// data-dependent stream length is the other FIPS-sanctioned exception.
// It runs isolated (see isolate).
func (sk *PrivateKey) signInternal(sig []byte, μ *[MuSize]byte, rnd *[32]byte) (err error) {
	isolate.Run(func() { err = sk.signLoop(sig, μ, rnd) })
	return err
}

func (sk *PrivateKey) signLoop(sig []byte, μ *[MuSize]byte, rnd *[32]byte) error {
	p := sk.pub.p
	k, l := p.k, p.l
	hat := sk.signing()

	// ρ″ = H(K ‖ rnd ‖ μ, 64)
	// The hashes run on sample's Keccak batches, which clear their states
	// (this one absorbs K).
	var ρpp, kRnd [64]byte
	copy(kRnd[:32], sk.secretK[:])
	copy(kRnd[32:], rnd[:])
	var jobs [2 + maxL]sample.Job
	jobs[0] = sample.SHAKE256Job(ρpp[:], kRnd[:], μ[:])
	sample.Run(jobs[:1])
	clear(kRnd[:])

	var (
		masks   [2][maxL]poly.Poly32 // this iteration's mask y and the next one's
		z       [maxL]poly.Poly32
		yHat    [maxL]poly.NTTPoly32
		w0      [maxK]poly.Poly32 // w, then LowBits(w), then r0
		w1      [maxK]poly.Poly32
		w1Enc   [maxK * 32 * 6]byte
		cTilde  [maxCTildeSize]byte
		ball    [136]byte // the first block of H(c̃), for SampleInBall
		c, prod poly.Poly32
		cHat    poly.NTTPoly32
		hint    hints
	)
	w1Len := k * 32 * p.w1Bits
	zBound, r0Bound := p.γ1-p.β, p.γ2-p.β
	simd := cpu.AVX2Kernels()
	// With the AVX2 Keccak, the next iteration's mask is sampled ahead, in
	// the lanes that c̃'s single stream leaves idle. The portable Keccak
	// permutes only the lanes in use, so there is nothing to fill, and the
	// mask sampled ahead by the accepted iteration would be wasted work:
	// each iteration samples its own.
	ahead := simd

	for κ, cur := 0, 0; ; κ, cur = κ+l, 1-cur {
		// y = ExpandMask(ρ″, κ) in masks[cur], unless sampled ahead;
		// w = NTT⁻¹(Â∘NTT(y)); (w1, w0) = Decompose(w)
		y := &masks[cur]
		if κ == 0 || !ahead {
			for j := range l {
				jobs[j] = sample.ExpandMaskJob(&y[j], &ρpp, uint16(κ+j), int(p.γ1))
			}
			sample.Run(jobs[:l])
		}
		for j := range l {
			yHat[j].SetNTT(&y[j])
		}
		for i := range k {
			poly.DotInverse32(&w0[i], sk.pub.row(i), yHat[:l]) // |w0| < q
			p.decomposePoly(&w1[i], &w0[i], simd)
		}
		p.w1Encode(w1Enc[:w1Len], w1[:k])

		// c̃ = H(μ ‖ w1Encode(w1), λ/4); c = SampleInBall(c̃). c̃ is a
		// single stream of seven blocks, so the batch also computes, if
		// sampled ahead, in the lanes it leaves idle, the mask of the next
		// iteration (used only if this one is rejected: the loop count is
		// the one FIPS 204 allows to leak, and this work does not depend on
		// it) and, once c̃ is done (Job.After), the first block of H(c̃) for
		// SampleInBall.
		jobs[0] = sample.SHAKE256Job(cTilde[:p.cTilde], μ[:], w1Enc[:w1Len])
		n := 1
		if ahead {
			for j := range l {
				jobs[n] = sample.ExpandMaskJob(&masks[1-cur][j], &ρpp, uint16(κ+l+j), int(p.γ1))
				n++
			}
		}
		jobs[n] = sample.SHAKE256Job(ball[:], cTilde[:p.cTilde], nil)
		jobs[n].After(0)
		sample.Run(jobs[:n+1])
		sample.SampleInBallBlock(&c, cTilde[:p.cTilde], p.τ, &ball)
		cHat.SetNTT(&c)

		// r0 = LowBits(w − ⟨⟨cs2⟩⟩), the check that fails most often, first.
		// Since ‖cs2‖∞ ≤ β, LowBits(w − cs2) = w0 − cs2 whenever
		// ‖w0 − cs2‖∞ < γ2 − β, and ‖LowBits(w − cs2)‖∞ ≥ γ2 − β otherwise
		// (TestLowBitsShortcut checks this for every w), so the check needs no
		// second Decompose. w0 keeps r0 = w0 − cs2.
		var reject int32
		for i := range k {
			poly.MulInverse32(&prod, &cHat, &hat.s2[i])
			reject |= p.subCentredPoly(&w0[i], &w0[i], &prod, r0Bound, simd)
		}
		if ctgrind.Declassify(reject) != 0 { // FIPS 204, Algorithm 7, line 23: ‖r0‖∞ ≥ γ2 − β
			continue
		}

		// z = y + ⟨⟨cs1⟩⟩
		for j := range l {
			poly.MulInverse32(&prod, &cHat, &hat.s1[j])
			reject |= p.addCentredPoly(&z[j], &y[j], &prod, zBound, simd)
		}
		if ctgrind.Declassify(reject) != 0 { // FIPS 204, Algorithm 7, line 23: ‖z‖∞ ≥ γ1 − β
			continue
		}

		// h = MakeHint(−⟨⟨ct0⟩⟩, w − ⟨⟨cs2⟩⟩ + ⟨⟨ct0⟩⟩), with w − cs2 rebuilt
		// from w1 and r0 (w1·2γ2 + r0 ≡ w − cs2 mod q, also in the
		// Decompose wrap-around case w1 = 0, w0 = w − q).
		var ones int32
		for i := range k {
			poly.MulInverse32(&prod, &cHat, &hat.t0[i])
			o, rj := p.makeHintPoly(&hint[i], &w1[i], &w0[i], &prod, simd)
			ones += o
			reject |= rj
		}
		reject |= int32(p.ω-int(ones)) >> 31
		if ctgrind.Declassify(reject) != 0 { // FIPS 204, Algorithm 7, line 28: ‖ct0‖∞ ≥ γ2 or more than ω hints
			continue
		}
		// Accepted: c̃, z and h are the signature, public (this and the
		// rejection decisions above are declassified in valgrind builds only,
		// see internal/ctgrind).
		ctgrind.Public(cTilde[:p.cTilde])
		ctgrind.Public(z[:l])
		ctgrind.Public(hint[:k])
		err := p.sigEncode(sig, cTilde[:p.cTilde], z[:l], &hint)
		// FIPS 204, Section 3.6.3: destroy the intermediate values (the
		// masks, their products and those of rejected candidates).
		clear(masks[:])
		clear(yHat[:])
		clear(w0[:])
		clear(prod[:])
		clear(ρpp[:])
		return err
	}
}
