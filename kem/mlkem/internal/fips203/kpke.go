package fips203

import (
	"github.com/moduletto/moduletto/internal/ctgrind"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// pkeKeyGen implements K-PKE.KeyGen, FIPS 203, Algorithm 13, on the
// encapsulation-key half ek and the secret ŝ of a decapsulation key, and
// computes H(ek) for ML-KEM.KeyGen_internal (Algorithm 16, line 3). It
// fills ek.ρ, ek.t (t̂, canonical), ek.aT (Âᵀ, cached for Encrypt),
// ek.h = H(ByteEncode_12(t̂)‖ρ) (line 19) and s (ŝ, canonical).
//
// After G (line 1), it samples row 0 of Â with s and e (lines 3–17) and
// then computes t̂ (line 18) a row at a time, so that H(ek) absorbs each
// row of its input beside the sampling of the next row of Â: H(ek) is a
// chain of 9 or 12 permutations for k = 3 or 4, most of which then take a
// lane beside the samplers instead of running on their own after them.
// That needs a lane for H(ek) beside the k of a row (k+1 ≤ sample.Lanes();
// with four lanes ML-KEM-1024's H(ek) would wait for each row: 27
// permutations either way, counted, but more of them on four states and 4 %
// more instructions), and pays only for k ≥ 3 (for k = 2 it saves no
// permutation, 12 either way, and the extra batch cost 5 % of the time,
// measured) and fewer than 2k lanes: with the nine lanes of the AVX-512
// kernels, sampling all of Â with the noise at once and hashing H(ek)
// after t̂, on the lone-state kernel, took 0.88 (k = 3) and 0.91 (k = 4) of
// the time by rows (measured). Otherwise all of Â is sampled with the
// noise, and H(ek) hashed after t̂.
func pkeKeyGen(p *Params, ek *EncapsulationKey, s []poly.NTTPoly16, d *[32]byte) {
	k := p.k

	// Line 1: (ρ, σ) ← G(d‖k).
	var in [33]byte
	copy(in[:], d[:])
	in[32] = byte(k)
	var g [64]byte
	hash := [1]sample.Job{sample.Sum512Job(&g, in[:], nil)}
	sample.Run(hash[:])
	copy(ek.ρ[:], g[:32])
	ctgrind.Public(ek.ρ[:]) // ρ is part of ek: public (valgrind builds only)
	σ := (*[32]byte)(g[32:])

	// Lines 3–15: Â (into Âᵀ, which the key keeps for Encrypt),
	// s[j] ← SamplePolyCBD_η1(PRF_η1(σ, j)) and
	// e[i] ← SamplePolyCBD_η1(PRF_η1(σ, k+i)), with lines 16–17 (ŝ ← NTT(s),
	// ê ← NTT(e)) done by the noise jobs: ŝ into the key, ê into ek.t,
	// where line 18 adds Â∘ŝ to it. The jobs are written straight into a
	// local array: stored through a slice, what they point to (the key)
	// would escape to the heap.
	var jobs [maxK*maxK + 2*maxK]sample.Job
	lanes := sample.Lanes()
	byRows := k > 2 && k+1 <= lanes && lanes < 2*k
	rows := k // the rows of Â sampled with the noise
	if byRows {
		rows = 1
	}
	n := 0
	for r := range rows {
		for c := range k {
			// Â[r, c] = SampleNTT(ρ‖c‖r), kept as Âᵀ[c, r]. The job is built
			// here: through a helper returning it, the compiler copied each
			// job twice, the first copy stalling on store forwarding
			// (12.7 against 7.4 ns a job).
			jobs[n] = sample.SampleNTTJob(&ek.aT[c*k+r], &ek.ρ, byte(c), byte(r))
			n++
		}
	}
	for i := range k {
		jobs[n+i] = sample.SampleNoiseNTTJob(&s[i], σ, byte(i), p.η1)
		jobs[n+k+i] = sample.SampleNoiseNTTJob(&ek.t[i], σ, byte(k+i), p.η1)
	}
	sample.Run(jobs[:n+2*k])

	// Lines 18–19 a row at a time: t̂[i] ← (Â∘ŝ)[i] + ê[i], encoded into
	// ek = ByteEncode_12(t̂)‖ρ; H(ek) absorbs row i beside the sampling of
	// the next row of Â, if one is left to sample. Bounds: ŝ, ê are in
	// [0, q); |Â∘ŝ| < q, so Â∘ŝ + ê lies in (−q, 2q) before Normalize.
	var (
		enc [maxEKSize]byte
		u   poly.NTTPoly16
		h   sample.Sponge // H(ek)
	)
	for i := range k {
		poly.DotNTT16Column(&u, ek.aT[:k*k], i, s[:k])
		ek.t[i].Add(&u, &ek.t[i]).Normalize()
		row := enc[i*encodedPolySize : (i+1)*encodedPolySize]
		poly.EncodeNTT12(row, &ek.t[i])
		ctgrind.Public(ek.t[i : i+1]) // t̂ and ek are public (valgrind builds only)
		ctgrind.Public(row)
		if byRows && i+1 < k {
			for c := range k {
				jobs[c] = sample.SampleNTTJob(&ek.aT[c*k+i+1], &ek.ρ, byte(c), byte(i+1))
			}
			jobs[k] = sample.AbsorbJob(&h, row)
			sample.Run(jobs[:k+1])
		}
	}
	last := 0 // the first row that h has not absorbed
	if byRows {
		last = k - 1
	}
	copy(enc[k*encodedPolySize:], ek.ρ[:])
	h.Sum256(&ek.h, enc[last*encodedPolySize:p.ekSize])
	clear(in[:])  // d
	clear(g[32:]) // σ
	clear(u[:])
}

// pkeEncrypt computes (K, r) = G(m‖H(ek)) into g (FIPS 203, Algorithm 17,
// line 1; Algorithm 18, line 8) and implements K-PKE.Encrypt(ek, m, r),
// FIPS 203, Algorithm 14, writing the ciphertext to c[:p.ctSize]. The key's
// decoding and matrix expansion (lines 2–8) were done once when ek was
// built: ek.t holds t̂ and ek.aT holds Âᵀ. If extra is not nil, that job
// (Decaps's J, which needs nothing from G) runs beside G and the noise.
func pkeEncrypt(p *Params, c []byte, ek *EncapsulationKey, m *[32]byte, g *[64]byte, extra *sample.Job) {
	// The noise y, e1, e2 and u (3k+1 polynomials) in an array of the
	// set's size: Go zeroes a local array when it is declared, and one for
	// k = 4 (6.5 KiB) costs k = 2 a few percent of an encryption.
	switch p.k {
	case 2:
		var polys [3*2 + 1]poly.Poly16
		encrypt(p, c, ek, m, g, extra, polys[:])
	case 3:
		var polys [3*3 + 1]poly.Poly16
		encrypt(p, c, ek, m, g, extra, polys[:])
	default:
		var polys [3*maxK + 1]poly.Poly16
		encrypt(p, c, ek, m, g, extra, polys[:])
	}
}

// encrypt is pkeEncrypt with storage for the noise (the first 2k+1
// polynomials of polys) and u (the next k), which it clears.
func encrypt(p *Params, c []byte, ek *EncapsulationKey, m *[32]byte, g *[64]byte, extra *sample.Job, polys []poly.Poly16) {
	k := p.k
	noise, u := polys[:2*k+1], polys[2*k+1:3*k+1]

	// G, then lines 9–17: y ← CBD_η1(PRF(r, 0…k−1)),
	// e1 ← CBD_η2(PRF(r, k…2k−1)), e2 ← CBD_η2(PRF(r, 2k)), in one batch:
	// the noise jobs wait for G (Job.After), which gives r.
	var jobs [2*maxK + 3]sample.Job
	jobs[0] = sample.Sum512Job(g, m[:], ek.h[:])
	n := 1
	if extra != nil {
		jobs[1] = *extra
		n = 2
	}
	r := (*[32]byte)(g[32:])
	for i := range 2*k + 1 {
		η := p.η2
		if i < k {
			η = p.η1
		}
		jobs[n+i] = sample.SampleNoiseJob(&noise[i], r, byte(i), η)
		jobs[n+i].After(0)
	}
	sample.Run(jobs[:n+2*k+1])
	e1, e2 := noise[k:2*k], &noise[2*k]

	// Line 18: ŷ ← NTT(y).
	ŷ := poly.NTTVec16(noise[:k])

	// Lines 19 and 22: u ← NTT⁻¹(Âᵀ∘ŷ) + e1; c1 ← ByteEncode_du(Compress_du(u)).
	// Bounds: |NTT⁻¹(…)| < q and 0 ≤ e1 < q, so |u| < 2q; CompressEncode
	// accepts any int16.
	poly.MatVecInverse16(u[:k], ek.aT[:k*k], ŷ)
	step := p.polyC1Size
	for i := range k {
		u[i].Add(&u[i], &e1[i])
		poly.CompressEncode(c[i*step:], &u[i], p.du)
	}

	// Lines 20–21 and 23: μ ← Decompress_1(ByteDecode_1(m));
	// v ← NTT⁻¹(t̂ᵀ∘ŷ) + e2 + μ; c2 ← ByteEncode_dv(Compress_dv(v)).
	// Bounds: |v| < 3q < 2^15.
	var μ, v poly.Poly16
	poly.DecodeDecompress(&μ, m[:], 1)
	poly.DotInverse16(&v, ek.t[:k], ŷ)
	v.Add(&v, e2).Add(&v, &μ)
	poly.CompressEncode(c[p.c1Size:], &v, p.dv)

	// Destroy the noise (ŷ, e1, e2) and the values that carry m: the
	// entries in use (the arrays are sized for k = 4).
	clear(noise[:2*k+1])
	clear(u[:k])
	clear(μ[:])
	clear(v[:])
}

// pkeDecrypt implements K-PKE.Decrypt, FIPS 203, Algorithm 15, writing the
// message to m. c must hold p.ctSize bytes; ŝ was decoded once when the key
// was built.
func pkeDecrypt(p *Params, m *[32]byte, s []poly.NTTPoly16, c []byte) {
	k := p.k

	// Lines 3–4: u′ ← Decompress_du(ByteDecode_du(c1)),
	// v′ ← Decompress_dv(ByteDecode_dv(c2)).
	var u [maxK]poly.Poly16
	step := p.polyC1Size
	for i := range k {
		poly.DecodeDecompress(&u[i], c[i*step:], p.du)
	}
	var v poly.Poly16
	poly.DecodeDecompress(&v, c[p.c1Size:], p.dv)

	// Line 6: w ← v′ − NTT⁻¹(ŝᵀ∘NTT(u′)).
	// Bounds: u′ is canonical (NTT input); 0 ≤ v′ < q and |NTT⁻¹(…)| < q, so
	// |w| < 2q.
	û := poly.NTTVec16(u[:k])
	var w poly.Poly16
	poly.DotInverse16(&w, s[:k], û)
	w.Sub(&v, &w)

	// Line 7: m ← ByteEncode_1(Compress_1(w)).
	poly.CompressEncode(m[:], &w, 1)
	clear(w[:])
}
