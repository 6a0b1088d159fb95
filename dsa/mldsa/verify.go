package mldsa

import (
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/internal/cpu"
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
	var in muInput
	if err := in.setPure(message, opts.context()); err != nil {
		return err
	}
	return pk.verifyInternal(signature, &in)
}

// VerifyExternalMu checks a signature over a precomputed message
// representative μ (see [ComputeMu]): Verify_internal of FIPS 204,
// Algorithm 8, from line 7 on.
func VerifyExternalMu(pk *PublicKey, mu, signature []byte) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	if len(mu) != MuSize {
		return fmt.Errorf("mldsa: %s μ is %d bytes, want %d", pk.p.name, len(mu), MuSize)
	}
	return pk.verifyInternal(signature, &muInput{external: (*[MuSize]byte)(mu)})
}

// VerifyInternal implements ML-DSA.Verify_internal, FIPS 204, Algorithm 8,
// on an already formatted message M′. It exists for known-answer tests (NIST
// ACVP vectors); applications use [Verify].
func VerifyInternal(pk *PublicKey, mPrime, signature []byte) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	return pk.verifyInternal(signature, &muInput{tail: mPrime})
}

// verifyInternal implements ML-DSA.Verify_internal, FIPS 204, Algorithm 8,
// with μ (line 7) from in. Its inputs are public, so it may branch on them;
// it allocates nothing.
func (pk *PublicKey) verifyInternal(sig []byte, in *muInput) error {
	p := pk.p
	k, l := p.k, p.l
	if len(sig) != p.sigSize {
		return fmt.Errorf("mldsa: %s signature is %d bytes, want %d", p.name, len(sig), p.sigSize)
	}
	var (
		zc    [maxL + 1]poly.NTTPoly32 // NTT(z) followed by NTT(c)
		zp    [maxL]*poly.Poly32       // z, decoded into zc and transformed in place
		hint  hints
		c, w  poly.Poly32
		w1    poly.Poly32 // one row of w1′, encoded into w1Enc as it is made
		w1Enc [maxK * 32 * 6]byte
		cPrim [maxCTildeSize]byte
	)
	for j := range l {
		zp[j] = (*poly.Poly32)(&zc[j])
	}
	cTilde, err := p.sigDecode(zp[:l], &hint, sig)
	if err != nil {
		return err
	}
	bound := p.γ1 - p.β
	simd := cpu.AVX2Kernels()
	for j := range l {
		if exceedsPoly(zp[j], bound, simd) != 0 { // public: may return early
			return errZOutOfRange
		}
		zp[j].NTT()
	}
	// c = SampleInBall(c̃) (line 5), below: zc[l] is needed from the first
	// row's inner product on.
	// w′_Approx = NTT⁻¹(Â∘NTT(z) − NTT(c)∘NTT(t1·2^d)); w1′ = UseHint(h, w′_Approx),
	// row by row, each row one inner product (|w| < q): Â[i] followed by
	// NTT(−t1[i]·2^d) (the kept matrix's last column) with NTT(z) followed
	// by NTT(c), or, streaming Â, Â[i] followed by NTT(t1[i]) with NTT(z)
	// followed by NTT(−c·2^d): the factor −2^d goes to c, one polynomial,
	// rather than to the k of t1 of every parsed key.
	//
	// μ = H(tr ‖ M′, 64) (line 7) is a job beside the first block of H(c̃)
	// for SampleInBall: muBuf holds tr ‖ head, tr written by the job that
	// computes it when no one has yet (then the μ job waits for it).
	var (
		μ     [MuSize]byte
		muBuf [64 + len(muInput{}.head)]byte
		muJob sample.Job // the zero Job, which does nothing, for external μ
		ball  [136]byte  // the first block of H(c̃)
	)
	if in.external != nil {
		μ = *in.external
	} else {
		copy(muBuf[64:], in.head[:in.headLen])
		muJob = sample.SHAKE256Job(μ[:], muBuf[:64+in.headLen], in.tail)
	}
	trOut := (*[64]byte)(muBuf[:64])
	if a := pk.matrix(); a != nil {
		*trOut = *pk.trHash()
		jobs := [2]sample.Job{sample.SHAKE256Job(ball[:], cTilde, nil), muJob}
		sample.Run(jobs[:])
		sample.SampleInBallBlock(&c, cTilde, p.τ, &ball)
		zc[l].SetNTT(&c)
		for i := range k {
			poly.DotInverse32(&w, a[i], zc[:l+1])
			p.useHintPoly(&w1, &w, &hint[i], simd)
			p.w1EncodeRow(w1Enc[:], i, &w1)
		}
	} else {
		// Without a kept matrix, sample Â in batches of at most four rows
		// into this frame (RejNTTPoly streams of 5 blocks each, with tr, μ
		// and the first block of H(c̃) in the first batch), not the whole
		// matrix: as few batches as that allows, of equal size (k = 4: one
		// of 4 rows; 6: two of 3; 8: two of 4), so that the lanes stay
		// busy.
		var (
			rows [4][maxL]poly.NTTPoly32
			t1   poly.NTTPoly32         // NTT(t1[i]) of the row at hand
			jobs [4*maxL + 3]sample.Job // + tr, H(c̃), μ
			// Row i of Â followed by NTT(t1[i]), and NTT(z) followed by
			// NTT(−c·2^d), as pointers into the batch's rows and t1.
			row, zcp [maxL + 1]*poly.NTTPoly32
		)
		for j := range l + 1 {
			zcp[j] = &zc[j]
		}
		per := k // rows per batch: one batch for k ≤ 4, else two (k ≤ 8)
		if k > 4 {
			per = (k + 1) >> 1
		}
		needTr := !pk.trReady.Load()
		if !needTr {
			*trOut = *pk.trHash()
		}
		for i := 0; i < k; i += per {
			m, n := min(per, k-i), 0
			if i == 0 && needTr {
				jobs[n] = sample.SHAKE256Job(trOut[:], pk.enc[:p.pkSize], nil)
				n++
			}
			if i == 0 {
				jobs[n] = sample.SHAKE256Job(ball[:], cTilde, nil)
				n++
			}
			for r := range m {
				// Written straight into the local array: jobs stored
				// through a slice would move rows to the heap.
				for s := range l {
					jobs[n] = sample.RejNTTPolyJob(&rows[r][s], &pk.ρ, byte(s), byte(i+r))
					n++
				}
			}
			if i == 0 {
				// Last: a job waiting for another holds up those after it.
				jobs[n] = muJob
				if needTr && in.external == nil {
					jobs[n].After(0)
				}
				n++
			}
			sample.Run(jobs[:n])
			if i == 0 {
				challengeNTT(&zc[l], &c, cTilde, p.τ, &ball)
			}
			for r := range m {
				for j := range l {
					row[j] = &rows[r][j]
				}
				pk.t1NTT(&t1, i+r)
				row[l] = &t1
				poly.DotInverse32Ptr(&w, row[:l+1], zcp[:l+1])
				p.useHintPoly(&w1, &w, &hint[i+r], simd)
				p.w1EncodeRow(w1Enc[:], i+r, &w1)
			}
		}
		if needTr {
			pk.publishTr(trOut)
		}
	}
	w1Len := k * 32 * p.w1Bits

	// c̃′ = H(μ ‖ w1Encode(w1′), λ/4)
	jobs := [1]sample.Job{sample.SHAKE256Job(cPrim[:p.cTilde], μ[:], w1Enc[:w1Len])}
	sample.Run(jobs[:])
	if subtle.ConstantTimeCompare(cTilde, cPrim[:p.cTilde]) != 1 {
		return errInvalidSignature
	}
	return nil
}

// challengeNTT sets c = SampleInBall(c̃) (FIPS 204, Algorithm 8, line 5),
// from ball, the first block of H(c̃) (see [sample.SampleInBallBlock]), and
// dst = NTT(−c·2^d), the factor of NTT(t1) in w′_Approx (line 9) when Â is
// streamed. c is public: it is recomputed from the signature.
//
// Bounds: ensures |dst[j]| < 7q (|−c·2^d| <= 2^d < q).
func challengeNTT(dst *poly.NTTPoly32, c *poly.Poly32, cTilde []byte, τ int, ball *[136]byte) {
	sample.SampleInBallBlock(c, cTilde, τ, ball)
	for j := 0; j < n; j += 4 {
		q := (*[4]int32)(c[j:])
		q[0], q[1], q[2], q[3] = -(q[0] << d), -(q[1] << d), -(q[2] << d), -(q[3] << d)
	}
	dst.SetNTT(c)
}
