package fips203

import (
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// pkeKeyGen implements K-PKE.KeyGen, FIPS 203, Algorithm 13, on the
// encapsulation-key half ek and the secret ŝ of a decapsulation key. It fills
// ek.ρ, ek.t (t̂, canonical), ek.aT (Âᵀ, cached for Encrypt) and s (ŝ,
// canonical); encoding is left to the caller.
func pkeKeyGen(p *Params, ek *EncapsulationKey, s *[maxK]poly.NTTPoly16, d *[32]byte) {
	k := p.k

	// Line 1: (ρ, σ) ← G(d‖k).
	var in [33]byte
	copy(in[:], d[:])
	in[32] = byte(k)
	var g [64]byte
	jobs := [maxK*maxK + 2*maxK]sample.Job{sample.Sum512Job(&g, in[:], nil)}
	sample.Run(jobs[:1])
	copy(ek.ρ[:], g[:32])
	σ := (*[32]byte)(g[32:])

	// Lines 3–7: Â[i, j] ← SampleNTT(ρ‖j‖i). Key generation multiplies by Â
	// itself; the key keeps Âᵀ, which Encrypt multiplies by, so Â is sampled
	// into the key's matrix and transposed in place at the end (swapping is
	// far cheaper than sampling twice).
	// Lines 8–15: s[i], e[i] ← SamplePolyCBD_η1(PRF_η1(σ, N)) for
	// N = 0 … 2k−1. Both run in one batch, so the noise fills the Keccak
	// lanes the matrix leaves idle.
	a := ek.aT[:k*k]
	var se [2 * maxK]poly.Poly16
	n := ek.matrixJobs(jobs[:], k, false)
	for i := range 2 * k {
		jobs[n] = sample.SampleNoiseJob(&se[i], σ, byte(i), p.η1)
		n++
	}
	sample.Run(jobs[:n])

	// Lines 16–18: ŝ ← NTT(s), ê ← NTT(e), t̂ ← Â∘ŝ + ê.
	// Bounds: s, e are canonical (within the NTT's |p| ≤ 2^14); ŝ, ê come out
	// in [0, q); |Â∘ŝ| < q, so Â∘ŝ + ê lies in (−q, 2q) before Normalize.
	ŝe := poly.NTTVec16(se[:2*k])
	ŝ, ê := ŝe[:k], ŝe[k:2*k]
	poly.MatVecNTT16(ek.t[:k], a, ŝ)
	for i := range k {
		ek.t[i].Add(&ek.t[i], &ê[i]).Normalize()
		s[i] = ŝ[i]
	}
	clear(in[:])  // d
	clear(g[32:]) // σ
	clear(se[:])  // ŝ, ê

	// The key keeps Âᵀ: transpose in place.
	for i := range k {
		for j := i + 1; j < k; j++ {
			a[i*k+j], a[j*k+i] = a[j*k+i], a[i*k+j]
		}
	}
}

// matrixJobs writes to jobs the k² SampleNTT jobs (FIPS 203, Algorithm 13,
// lines 3–7) that fill ek.aT with Â, row-major (aT[i*k+j] = Â[i, j] =
// SampleNTT(ρ‖j‖i)), or, if transposed, with Âᵀ (aT[i*k+j] = Â[j, i]), and
// returns k². The jobs point into ek, which lives on the heap, so storing
// them through the slice costs no allocation.
func (ek *EncapsulationKey) matrixJobs(jobs []sample.Job, k int, transposed bool) int {
	for i := range k {
		for j := range k {
			a, b := byte(j), byte(i)
			if transposed {
				a, b = b, a
			}
			jobs[i*k+j] = sample.SampleNTTJob(&ek.aT[i*k+j], &ek.ρ, a, b)
		}
	}
	return k * k
}

// pkeEncrypt implements K-PKE.Encrypt, FIPS 203, Algorithm 14, writing the
// ciphertext to c[:p.ctSize]. The key's decoding and matrix expansion (lines
// 2–8) were done once when ek was built: ek.t holds t̂ and ek.aT holds Âᵀ.
// If extra is not nil, that job (Decaps's J) runs in the same batch as the
// noise, ahead of it.
func pkeEncrypt(p *Params, c []byte, ek *EncapsulationKey, m *[32]byte, r *[32]byte, extra *sample.Job) {
	k := p.k

	// Lines 9–17: y ← CBD_η1(PRF(r, 0…k−1)), e1 ← CBD_η2(PRF(r, k…2k−1)),
	// e2 ← CBD_η2(PRF(r, 2k)), in one batch.
	var noise [2*maxK + 1]poly.Poly16
	var jobs [2*maxK + 2]sample.Job
	n := 0
	if extra != nil {
		jobs[0] = *extra
		n++
	}
	for i := range 2*k + 1 {
		η := p.η2
		if i < k {
			η = p.η1
		}
		jobs[n] = sample.SampleNoiseJob(&noise[i], r, byte(i), η)
		n++
	}
	sample.Run(jobs[:n])
	e1, e2 := noise[k:2*k], &noise[2*k]

	// Line 18: ŷ ← NTT(y).
	ŷ := poly.NTTVec16(noise[:k])

	// Lines 19 and 22: u ← NTT⁻¹(Âᵀ∘ŷ) + e1; c1 ← ByteEncode_du(Compress_du(u)).
	// Bounds: |NTT⁻¹(…)| < q and 0 ≤ e1 < q, so |u| < 2q; CompressEncode
	// accepts any int16.
	var u [maxK]poly.Poly16
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

	// Destroy the noise (ŷ, e1, e2) and the values that carry m.
	clear(noise[:])
	clear(u[:])
	clear(μ[:])
	clear(v[:])
}

// pkeDecrypt implements K-PKE.Decrypt, FIPS 203, Algorithm 15, writing the
// message to m. c must hold p.ctSize bytes; ŝ was decoded once when the key
// was built.
func pkeDecrypt(p *Params, m *[32]byte, s *[maxK]poly.NTTPoly16, c []byte) {
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
