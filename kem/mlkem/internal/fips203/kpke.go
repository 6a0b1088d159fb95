package fips203

import (
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// pkeKeyGen implements K-PKE.KeyGen, FIPS 203, Algorithm 13, on the
// encapsulation-key half ek and the secret ŝ of a decapsulation key, and
// computes H(ek) for ML-KEM.KeyGen_internal (Algorithm 16, line 3). It
// fills ek.ρ, ek.t (t̂, canonical), ek.aT (Âᵀ, cached for Encrypt),
// ek.h = H(ByteEncode_12(t̂)‖ρ) (line 19) and s (ŝ, canonical).
//
// ML-KEM-768 and -1024 take pkeKeyGenOverlapped, which absorbs t̂ into
// H(ek) row by row while the later rows are still sampling: it saves 4 and
// 6 Keccak rounds of 19 and 27. ML-KEM-512 takes pkeKeyGenInSteps, where
// that saves one round of 12 and the bookkeeping it needs (a batch with a
// callback, held jobs, placeholders) costs more than that round: about
// 7 000 instructions per key against 14 000 (callgrind), 6 % less time
// per key in interleaved runs (12.9 against 13.4 µs on a busy host).
func pkeKeyGen(p *Params, ek *EncapsulationKey, s []poly.NTTPoly16, d *[32]byte) {
	if p.k == 2 {
		pkeKeyGenInSteps(p, ek, s, d)
		return
	}
	pkeKeyGenOverlapped(p, ek, s, d)
}

// pkeKeyGenInSteps is pkeKeyGen in the order of FIPS 203, Algorithm 13:
// G (line 1); then Â, s and e (lines 3–15) in one batch of samplers;
// ŝ, ê and t̂ (lines 16–18); then H(ek).
func pkeKeyGenInSteps(p *Params, ek *EncapsulationKey, s []poly.NTTPoly16, d *[32]byte) {
	k := p.k

	// Line 1: (ρ, σ) ← G(d‖k).
	in := keyGenSeed(d, k)
	var g [64]byte
	hash := [1]sample.Job{sample.Sum512Job(&g, in[:], nil)}
	sample.Run(hash[:])
	copy(ek.ρ[:], g[:32])
	σ := (*[32]byte)(g[32:])

	// Lines 3–15: Â (as Âᵀ, which the key keeps for Encrypt),
	// s[j] ← SamplePolyCBD_η1(PRF_η1(σ, j)) and
	// e[i] ← SamplePolyCBD_η1(PRF_η1(σ, k+i)), into the key's ŝ and t̂.
	ŝ := s[:k]
	ê := ek.t[:k]
	var jobs [maxK*maxK + 2*maxK]sample.Job
	n := ek.matrixJobs(jobs[:], k)
	for i := range 2 * k {
		f := &ŝ[i%k]
		if i >= k {
			f = &ê[i-k]
		}
		jobs[n] = sample.SampleNoiseJob((*poly.Poly16)(f), σ, byte(i), p.η1)
		n++
	}
	sample.Run(jobs[:n])

	// Lines 16–18: ŝ ← NTT(s), ê ← NTT(e), t̂ ← Â∘ŝ + ê; then
	// ek = ByteEncode_12(t̂)‖ρ (line 19) and H(ek).
	// Bounds: s, e are canonical (within the NTT's |p| ≤ 2^14); ŝ, ê come
	// out in [0, q); |Â∘ŝ| < q, so Â∘ŝ + ê lies in (−q, 2q) before
	// Normalize.
	var (
		enc [maxEKSize]byte
		u   poly.NTTPoly16
	)
	for i := range k {
		(*poly.Poly16)(&ŝ[i]).NTT()
		(*poly.Poly16)(&ê[i]).NTT()
	}
	for i := range k {
		poly.DotNTT16Column(&u, ek.aT[:k*k], i, ŝ)
		ek.t[i].Add(&u, &ê[i]).Normalize()
		poly.EncodeNTT12(enc[i*encodedPolySize:], &ek.t[i])
	}
	copy(enc[k*encodedPolySize:], ek.ρ[:])
	hash[0] = sample.Sum256Job(&ek.h, enc[:p.ekSize], nil)
	sample.Run(hash[:])
	clear(in[:])  // d
	clear(g[32:]) // σ
	clear(u[:])
}

// pkeKeyGenOverlapped is pkeKeyGen with the hash of the key computed
// beside the sampling.
func pkeKeyGenOverlapped(p *Params, ek *EncapsulationKey, s []poly.NTTPoly16, d *[32]byte) {
	k := p.k

	// Line 1: (ρ, σ) ← G(d‖k) is job 0 of the one batch of Keccak lanes
	// this function runs; every other job needs ρ or σ, so they start as
	// placeholders that G's done callback fills (buildJobs below):
	//   - job 1 is H(ek), held until the rows of t̂ are encoded;
	//   - then Â[i, j] ← SampleNTT(ρ‖j‖i) (lines 3–7),
	//     s[j] ← SamplePolyCBD_η1(PRF_η1(σ, j)), which every row needs,
	//     and e[i] ← SamplePolyCBD_η1(PRF_η1(σ, k+i)) (lines 8–15) in the
	//     order of keyGenOrders[k].
	// As soon as ŝ, ê[i] and row i of Â are in (and the rows before it),
	// the done callback computes t̂[i] = Σ_j Â[i, j]∘ŝ[j] + ê[i] (lines
	// 16–18), encodes it and releases it to H(ek), which absorbs it while
	// the later rows are still sampling. The key keeps Âᵀ, which Encrypt
	// multiplies by, so row i of Â is sampled straight into column i of
	// the key's matrix and t̂[i] is the dot product of that column with ŝ.
	in := keyGenSeed(d, k)
	var g [64]byte
	var jobs [2 + maxK*maxK + 2*maxK]sample.Job
	jobs[0] = sample.Sum512Job(&g, in[:], nil)
	n := 2 + k*k + 2*k
	for i := 1; i < n; i++ {
		jobs[i] = sample.Later()
	}
	var enc [maxEKSize]byte // ek = ByteEncode_12(t̂)‖ρ, for H(ek)
	a := ek.aT[:k*k]
	ŝ := s[:k]    // s, sampled into the key, then ŝ = NTT(s)
	ê := ek.t[:k] // e, sampled into the key's t̂, then ê = NTT(e), then t̂
	var (
		u       poly.NTTPoly16             // Â∘ŝ of a row of t̂
		rowOf   [len(jobs)]int8            // the row of t̂ job j feeds, −1 for s (every row)
		noiseOf [len(jobs)]*poly.NTTPoly16 // the polynomial job j samples, nil for Â
		gate    sample.RowGate             // releases the rows of t̂ as their jobs finish
	)
	buildJobs := func() {
		copy(ek.ρ[:], g[:32])
		σ := (*[32]byte)(g[32:])
		copy(enc[encodedPolySize*k:], ek.ρ[:])
		jobs[1] = sample.Sum256Job(&ek.h, enc[:p.ekSize], nil)
		jobs[1].SetReady(0)
		n := 2
		noise := func(dst *poly.NTTPoly16, i int, row int8) {
			jobs[n] = sample.SampleNoiseJob((*poly.Poly16)(dst), σ, byte(i), p.η1)
			rowOf[n], noiseOf[n] = row, dst
			gate.Expect(int(row))
		}
		for _, o := range keyGenOrders[k] {
			switch o.kind {
			case 'A':
				jobs[n] = ek.entryJob(int(o.col), int(o.row), k) // Âᵀ[j, i] = Â[i, j]
				rowOf[n] = o.row
				gate.Expect(int(o.row))
			case 's':
				noise(&ŝ[o.col], int(o.col), -1)
			case 'e':
				noise(&ê[o.row], k+int(o.row), o.row)
			}
			n++
		}
	}
	sample.RunFunc(jobs[:n], func(j int) {
		switch j {
		case 0: // G
			buildJobs()
			return
		case 1: // H(ek)
			return
		}
		if f := noiseOf[j]; f != nil {
			// Bounds: s, e are canonical (within the NTT's |p| ≤ 2^14);
			// ŝ, ê come out in [0, q).
			(*poly.Poly16)(f).NTT()
		}
		from, to := gate.Done(int(rowOf[j]))
		for i := from; i < to; i++ {
			// Bounds: |Â∘ŝ| < q, so Â∘ŝ + ê lies in (−q, 2q) before
			// Normalize.
			poly.DotNTT16Column(&u, a, i, ŝ)
			ek.t[i].Add(&u, &ê[i]).Normalize()
			poly.EncodeNTT12(enc[i*encodedPolySize:], &ek.t[i])
		}
		if to > from {
			ready := to * encodedPolySize
			if to == k {
				ready = p.ekSize // ρ was copied in by buildJobs
			}
			jobs[1].SetReady(ready)
		}
	})
	clear(in[:])  // d
	clear(g[32:]) // σ
	clear(u[:])   // ê's rows became t̂ in place
}

// keyGenSeed returns d‖k, the input of G in FIPS 203, Algorithm 13, line 1.
// The caller clears it (d is secret).
func keyGenSeed(d *[32]byte, k int) (in [33]byte) {
	copy(in[:], d[:])
	in[32] = byte(k)
	return in
}

// keyGenJob names one sampling job of key generation: kind 'A' samples
// Â[row, col], 's' samples s[col] and 'e' samples e[row].
type keyGenJob struct {
	kind     byte
	row, col int8
}

// keyGenOrders[k] is the order of key generation's sampling jobs. H(ek)
// absorbs t̂ row by row, so the rows must become ready in turn while the
// four Keccak lanes stay busy. For k = 2, 3 that is row order with s
// after row 0 and e[i] after row i, which a search over job orders with a
// simulation of sample.Run (3 blocks per SampleNTT, 2 or 1 per noise
// polynomial, H(ek) held) did not beat: 11 and 15 Keccak rounds with G's.
// For k = 4 the search found the order below (s[0] and Â[0, 2] later,
// Â[3, 1] earlier), 21 rounds against 22. TestKeyGenOrders checks that
// each names every job once.
var keyGenOrders = [maxK + 1][]keyGenJob{
	2: rowOrder(2),
	3: rowOrder(3),
	4: {
		{'A', 0, 0}, {'A', 0, 1}, {'A', 0, 3}, {'s', 0, 1}, {'s', 0, 2}, {'s', 0, 3},
		{'e', 0, 0}, {'A', 0, 2}, {'A', 1, 0}, {'A', 1, 1}, {'A', 1, 2}, {'A', 1, 3},
		{'A', 3, 1}, {'e', 1, 0}, {'A', 2, 0}, {'s', 0, 0}, {'A', 2, 1}, {'A', 2, 2},
		{'A', 2, 3}, {'e', 2, 0}, {'A', 3, 0}, {'A', 3, 2}, {'A', 3, 3}, {'e', 3, 0},
	},
}

// rowOrder returns row order: row 0 of Â, s, e[0], then row i and e[i].
func rowOrder(k int) []keyGenJob {
	var o []keyGenJob
	for i := range k {
		for j := range k {
			o = append(o, keyGenJob{'A', int8(i), int8(j)})
		}
		if i == 0 {
			for j := range k {
				o = append(o, keyGenJob{'s', 0, int8(j)})
			}
		}
		o = append(o, keyGenJob{'e', int8(i), 0})
	}
	return o
}

// matrixJobs writes to jobs the k² SampleNTT jobs (FIPS 203, Algorithm 13,
// lines 3–7) that fill ek.aT with Âᵀ, row-major, and returns k². The jobs
// point into ek, which lives on the heap, so storing them through the
// slice costs no allocation.
func (ek *EncapsulationKey) matrixJobs(jobs []sample.Job, k int) int {
	for i := range k {
		for j := range k {
			jobs[i*k+j] = ek.entryJob(i, j, k)
		}
	}
	return k * k
}

// entryJob returns the SampleNTT job of entry (i, j) of ek.aT:
// Âᵀ[i, j] = Â[j, i] = SampleNTT(ρ‖i‖j).
func (ek *EncapsulationKey) entryJob(i, j, k int) sample.Job {
	return sample.SampleNTTJob(&ek.aT[i*k+j], &ek.ρ, byte(i), byte(j))
}

// pkeEncrypt computes (K, r) = G(m‖H(ek)) into g (FIPS 203, Algorithm 17,
// line 1; Algorithm 18, line 8) and implements K-PKE.Encrypt(ek, m, r),
// FIPS 203, Algorithm 14, writing the ciphertext to c[:p.ctSize]. The key's
// decoding and matrix expansion (lines 2–8) were done once when ek was
// built: ek.t holds t̂ and ek.aT holds Âᵀ. If extra is not nil, that job
// (Decaps's J, which needs nothing from G) runs beside G and the noise.
func pkeEncrypt(p *Params, c []byte, ek *EncapsulationKey, m *[32]byte, g *[64]byte, extra *sample.Job) {
	k := p.k

	// G, then lines 9–17: y ← CBD_η1(PRF(r, 0…k−1)),
	// e1 ← CBD_η2(PRF(r, k…2k−1)), e2 ← CBD_η2(PRF(r, 2k)). In Encaps, G
	// runs alone and the noise after it in a batch of samplers (3 % fewer
	// instructions per encapsulation than one batch with placeholders). In
	// Decaps, J runs beside G and then beside the noise, in one batch whose
	// noise jobs are placeholders until G is done and gives r.
	var noise [2*maxK + 1]poly.Poly16
	var jobs [2*maxK + 3]sample.Job
	jobs[0] = sample.Sum512Job(g, m[:], ek.h[:])
	r := (*[32]byte)(g[32:])
	if extra == nil {
		sample.Run(jobs[:1])
		nj := noiseJobs(p, &noise, r)
		sample.Run(nj[:2*k+1])
	} else {
		jobs[1] = *extra
		for i := range 2*k + 1 {
			jobs[2+i] = sample.Later()
		}
		sample.RunFunc(jobs[:2*k+3], func(j int) {
			if j == 0 {
				nj := noiseJobs(p, &noise, r)
				for i := range 2*k + 1 { // (copy would move noise to the heap)
					jobs[2+i] = nj[i]
				}
			}
		})
	}
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

// noiseJobs returns the 2k+1 noise jobs of K-PKE.Encrypt (FIPS 203,
// Algorithm 14, lines 9–17) that sample y, e1 and e2 from r into noise.
// (Returned, not written to a caller's slice: a pointer stored through a
// slice parameter would move noise to the heap.)
func noiseJobs(p *Params, noise *[2*maxK + 1]poly.Poly16, r *[32]byte) (jobs [2*maxK + 1]sample.Job) {
	k := p.k
	for i := range 2*k + 1 {
		η := p.η2
		if i < k {
			η = p.η1
		}
		jobs[i] = sample.SampleNoiseJob(&noise[i], r, byte(i), η)
	}
	return jobs
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
