package mldsa

import (
	"crypto/sha3"
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

var errZOutOfRange = errors.New("mldsa: invalid signature: ‖z‖∞ ≥ γ1 − β")

// Verify checks a signature over message and the context in opts (nil means
// the empty context) with ML-DSA.Verify, FIPS 204, Algorithm 3. It returns
// nil if and only if the signature is valid; a context longer than 255
// bytes, a signature of the wrong length or a non-canonical signature
// encoding are errors.
func Verify(pk *PublicKey, message, signature []byte, opts *Options) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	var μ [MuSize]byte
	if err := computeMu(&μ, &pk.tr, message, opts.context()); err != nil {
		return err
	}
	return pk.verifyInternal(&μ, signature)
}

// VerifyExternalMu checks a signature over a precomputed message
// representative μ (see [ComputeMu]): Verify_internal of FIPS 204,
// Algorithm 8, from line 7 on.
func VerifyExternalMu(pk *PublicKey, mu, signature []byte) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	if len(mu) != MuSize {
		return fmt.Errorf("mldsa: μ is %d bytes, want %d", len(mu), MuSize)
	}
	return pk.verifyInternal((*[MuSize]byte)(mu), signature)
}

// VerifyInternal implements ML-DSA.Verify_internal, FIPS 204, Algorithm 8,
// on an already formatted message M′. It exists for known-answer tests (NIST
// ACVP vectors); applications use [Verify].
func VerifyInternal(pk *PublicKey, mPrime, signature []byte) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	var μ [MuSize]byte
	var h sha3.SHAKE
	h.Write(pk.tr[:])
	h.Write(mPrime)
	h.Read(μ[:])
	return pk.verifyInternal(&μ, signature)
}

// verifyInternal implements ML-DSA.Verify_internal, FIPS 204, Algorithm 8,
// from μ (line 7) on. Its inputs are public, so it may branch on them; it
// allocates nothing.
func (pk *PublicKey) verifyInternal(μ *[MuSize]byte, sig []byte) error {
	p := pk.p
	k, l := p.k, p.l
	if len(sig) != p.sigSize {
		return fmt.Errorf("mldsa: %s signature is %d bytes, want %d", p.name, len(sig), p.sigSize)
	}
	var (
		z     [maxL]poly.Poly32
		zc    [maxL + 1]poly.NTTPoly32 // NTT(z) followed by NTT(c)
		hint  hints
		c, w  poly.Poly32
		w1    [maxK]poly.Poly32
		w1Enc [maxK * 32 * 6]byte
		cPrim [maxCTildeSize]byte
	)
	cTilde, err := p.sigDecode(z[:l], &hint, sig)
	if err != nil {
		return err
	}
	bound := p.γ1 - p.β
	simd := simdRounding()
	for j := range l {
		if exceedsPoly(&z[j], bound, simd) != 0 { // public: may return early
			return errZOutOfRange
		}
		ntt(&zc[j], &z[j])
	}
	sample.SampleInBall(&c, cTilde, p.τ)
	ntt(&zc[l], &c)

	// w′_Approx = NTT⁻¹(Â∘NTT(z) − NTT(c)∘NTT(t1·2^d)); w1′ = UseHint(h, w′_Approx)
	for i := range k {
		poly.DotInverse32(&w, pk.rowT1(i), zc[:l+1]) // |w| < q
		p.useHintPoly(&w1[i], &w, &hint[i], simd)
	}
	w1Len := k * 32 * p.w1Bits
	p.w1Encode(w1Enc[:w1Len], w1[:k])

	// c̃′ = H(μ ‖ w1Encode(w1′), λ/4)
	jobs := [1]sample.Job{sample.SHAKE256Job(cPrim[:p.cTilde], μ[:], w1Enc[:w1Len])}
	sample.Run(jobs[:])
	if subtle.ConstantTimeCompare(cTilde, cPrim[:p.cTilde]) != 1 {
		return errInvalidSignature
	}
	return nil
}
