package sample

import (
	"math/bits"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// sampler names what a sampling [Job] computes. It fixes the XOF
// (SHAKE-128 or SHAKE-256), the input length, and how the output is turned
// into a polynomial.
type sampler uint8

const (
	samplerNone     sampler = iota // the zero Job: nothing to compute
	samplerNTT16                   // SampleNTT (FIPS 203, Alg. 7): SHAKE-128(ρ‖j‖i) → int16
	samplerNTT32                   // RejNTTPoly (FIPS 204, Alg. 30): SHAKE-128(ρ‖s‖r) → int32
	samplerBounded2                // RejBoundedPoly, η = 2 (FIPS 204, Alg. 31): SHAKE-256(ρ‖n) → int32
	samplerBounded4                // RejBoundedPoly, η = 4
	samplerCBD2                    // SamplePolyCBD_2(PRF_2(σ, N)) (FIPS 203, Alg. 8): SHAKE-256 → int16
	samplerCBD3                    // SamplePolyCBD_3(PRF_3(σ, N))
	samplerMask18                  // ExpandMask, γ1 = 2^17 (FIPS 204, Alg. 34): SHAKE-256 → int32
	samplerMask20                  // ExpandMask, γ1 = 2^19
)

// inputLen is the length of the XOF input: 34 bytes (ρ‖a‖b), 33 (s‖b) or 66
// (ρ‖IntegerToBytes(n, 2)).
func (s sampler) inputLen() int {
	switch s {
	case samplerNTT16, samplerNTT32:
		return 34
	case samplerCBD2, samplerCBD3:
		return 33
	}
	return 66
}

// bufLen is the size of the per-lane buffer in which the sampler collects
// its fixed-length output before turning it into a polynomial: PRF_3's 192
// bytes and ExpandMask's 576 or 640. It is 0 for the samplers that read
// whole blocks (the rejection samplers, and PRF_2, whose 128 bytes lie in
// the first block) and for hashes. A [Later] placeholder may become any job
// but ExpandMask, so it needs PRF_3's.
func (s sampler) bufLen() int {
	switch s {
	case samplerCBD3, jobLater:
		return cbd3Buf
	case samplerMask18:
		return 576
	case samplerMask20:
		return maskBuf
	}
	return 0
}

// A Job is one independent Keccak computation for [Run]: a sampler of this
// package turning its XOF stream into a polynomial, or a fixed-length hash
// (SHA3-256, SHA3-512, SHAKE-256). Make jobs with the constructors
// ([SampleNTTJob], [SampleNoiseJob], [RejNTTPolyJob], [RejBoundedPolyJob],
// [ExpandMaskJob], [Sum256Job], [Sum512Job], [SHAKE256Job]) and keep them
// in an array in the caller's frame: a Job holds pointers to its output and
// input, so nothing is allocated as long as the array stays local.
//
// The zero Job does nothing.
type Job struct {
	kind    sampler
	fips    bool      // RejNTTPolyFIPSJob: leave the output in FIPS 204 order
	nonce   [2]byte   // a sampler's index bytes, after its seed in the XOF input
	pending int       // bytes at the end of a hash's input not yet ready (SetReady)
	in      [2][]byte // a hash's input, in[0]‖in[1]; a sampler's seed (ρ, σ, ρ′) in in[0]
	out16   *[poly.N]int16
	out32   *[poly.N]int32
	out     []byte // a hash's output
}

// Hash jobs: the fixed-length hashes of FIPS 203 (H, G, J) and FIPS 204 (H
// with a fixed output length), computed alongside the samplers.
const (
	hashSHA3_256 sampler = iota + samplerMask20 + 1 // SHA3-256, 32 bytes
	hashSHA3_512                                    // SHA3-512, 64 bytes
	hashSHAKE256                                    // SHAKE-256, len(out) bytes
	jobLater                                        // a placeholder (Later)
)

// Later returns a placeholder job for [RunFunc]: a job whose input a done
// callback computes from the output of an earlier job (ML-KEM's noise
// from the r of G, say). RunFunc starts no job from the placeholder on
// until a callback has overwritten it with a real job (or the zero Job, to
// skip it); meanwhile the lanes it would take stay idle or run held jobs.
// A placeholder may stand for any job but an [ExpandMaskJob], unless the
// list holds one of those from the start (RunFunc sizes the output
// buffers by the jobs it is given); RunFunc panics otherwise.
func Later() Job { return Job{kind: jobLater} }

// SampleNTTJob returns the job of [SampleNTT](dst, ρ, j, i).
func SampleNTTJob(dst *poly.NTTPoly16, rho *[32]byte, j, i byte) Job {
	return Job{kind: samplerNTT16, out16: (*[poly.N]int16)(dst), in: [2][]byte{rho[:]}, nonce: [2]byte{j, i}}
}

// SampleNoiseJob returns the job of [SampleNoise](dst, σ, n, η); eta must be
// 2 or 3, it panics otherwise.
func SampleNoiseJob(dst *poly.Poly16, sigma *[32]byte, n byte, eta int) Job {
	return Job{kind: cbdSampler(eta), out16: (*[poly.N]int16)(dst), in: [2][]byte{sigma[:]}, nonce: [2]byte{n}}
}

// RejNTTPolyJob returns the job of [RejNTTPoly](dst, ρ, s, r).
func RejNTTPolyJob(dst *poly.NTTPoly32, rho *[32]byte, s, r byte) Job {
	return Job{kind: samplerNTT32, out32: (*[poly.N]int32)(dst), in: [2][]byte{rho[:]}, nonce: [2]byte{s, r}}
}

// RejNTTPolyFIPSJob is [RejNTTPolyJob] with the output left in the order
// RejNTTPoly (FIPS 204, Algorithm 30) writes it, instead of converted to
// the ntt backend's (ntt.FromSpecOrder32). It is for a caller whose only
// use of dst is position-wise — the products and sums of a dot product —
// with its other operands in that order too: the caller then converts the
// result once (as poly.DotInverse32FIPS does) instead of every entry.
func RejNTTPolyFIPSJob(dst *poly.NTTPoly32, rho *[32]byte, s, r byte) Job {
	jb := RejNTTPolyJob(dst, rho, s, r)
	jb.fips = true
	return jb
}

// RejBoundedPolyJob returns the job of [RejBoundedPoly](dst, ρ, nonce, η);
// eta must be 2 or 4, it panics otherwise.
func RejBoundedPolyJob(dst *poly.Poly32, rho *[64]byte, nonce uint16, eta int) Job {
	return Job{kind: boundedSampler(eta), out32: (*[poly.N]int32)(dst), in: [2][]byte{rho[:]}, nonce: [2]byte{byte(nonce), byte(nonce >> 8)}}
}

// ExpandMaskJob returns the job of polynomial r of [ExpandMask], that is
// BitUnpack(H(ρ‖IntegerToBytes(nonce, 2), 32c), γ1−1, γ1) with nonce = μ+r;
// gamma1 must be 2^17 or 2^19, it panics otherwise.
func ExpandMaskJob(dst *poly.Poly32, rho *[64]byte, nonce uint16, gamma1 int) Job {
	return Job{kind: maskSampler(gamma1), out32: (*[poly.N]int32)(dst), in: [2][]byte{rho[:]}, nonce: [2]byte{byte(nonce), byte(nonce >> 8)}}
}

// Sum256Job returns the job that writes SHA3-256(in0‖in1) (FIPS 202,
// Section 6.1; H of FIPS 203) to dst.
func Sum256Job(dst *[32]byte, in0, in1 []byte) Job {
	return Job{kind: hashSHA3_256, in: [2][]byte{in0, in1}, out: dst[:]}
}

// Sum512Job returns the job that writes SHA3-512(in0‖in1) (FIPS 202,
// Section 6.1; G of FIPS 203) to dst.
func Sum512Job(dst *[64]byte, in0, in1 []byte) Job {
	return Job{kind: hashSHA3_512, in: [2][]byte{in0, in1}, out: dst[:]}
}

// SHAKE256Job returns the job that writes the first len(dst) bytes of
// SHAKE-256(in0‖in1) (FIPS 202, Section 6.2; J of FIPS 203, H of FIPS 204)
// to dst.
func SHAKE256Job(dst, in0, in1 []byte) Job {
	return Job{kind: hashSHAKE256, in: [2][]byte{in0, in1}, out: dst}
}

// SetReady declares that only the first n bytes of a hash job's input are
// ready: [RunFunc] absorbs the job's input up to there, then sets the job
// aside (its Keccak state saved, its lane free for other jobs) until a
// done callback calls SetReady again with a larger n, up to the input's
// length, which makes the whole input ready. This is how a hash over data
// the caller is still computing from the other jobs' outputs (tr = H(pk)
// over t1 in ML-DSA key generation) runs beside the jobs it waits for. It
// panics for a sampler job or an n outside [0, input length].
func (jb *Job) SetReady(n int) {
	size := jb.inputLen()
	if !jb.isHash() || n < 0 || n > size {
		panic("sample: SetReady on a sampler job or beyond the job's input")
	}
	jb.pending = size - n
}

// isHash reports whether jb is a hash job (SHA3-256, SHA3-512, SHAKE-256).
func (jb *Job) isHash() bool {
	return jb.kind >= hashSHA3_256 && jb.kind <= hashSHAKE256
}

// rate returns the sponge rate of the job's Keccak instance in bytes.
func (jb *Job) rate() int {
	switch jb.kind {
	case samplerNTT16, samplerNTT32:
		return rate128
	case hashSHA3_256:
		return 136
	case hashSHA3_512:
		return rateSHA3_512
	}
	return rate256
}

// inputLen returns the number of bytes the job absorbs.
func (jb *Job) inputLen() int {
	if jb.kind >= hashSHA3_256 {
		return len(jb.in[0]) + len(jb.in[1])
	}
	return jb.kind.inputLen()
}

// span returns the bytes [off, off+n) of a hash job's input if they lie
// within one of its two slices, and nil otherwise (a range across
// in0‖in1). Samplers absorb through [shakeX4.loadSeed] instead.
func (jb *Job) span(off, n int) []byte {
	if a := jb.in[0]; off+n <= len(a) {
		return a[off : off+n]
	}
	if off -= len(jb.in[0]); off >= 0 {
		return jb.in[1][off : off+n]
	}
	return nil
}

// input copies the bytes [off, off+len(dst)) of a hash job's input into
// dst.
func (jb *Job) input(dst []byte, off int) {
	n := 0
	if a := jb.in[0]; off < len(a) {
		n = copy(dst, a[off:])
	}
	copy(dst[n:], jb.in[1][max(off-len(jb.in[0]), 0):])
}

// laneState is what [Run] knows about the job in one Keccak lane.
type laneState struct {
	job       int  // index of the job, or −1 for an idle lane
	rate      int  // the job's rate
	off       int  // input bytes absorbed
	squeezing bool // the padded last block has been absorbed
	n         int  // coefficients (rejection samplers) or output bytes so far
}

// Run computes the jobs, four at a time on the Keccak-f[1600]×4 backend:
// whenever a job ends, its lane takes the next job at once, so a long hash
// (J over a ciphertext, H over a public key) runs beside a stream of short
// samplers instead of costing a permutation of its own per block. Put long
// jobs first. A job refers to its seed or input, which must not change
// until Run returns. Run clears every job when it is done and allocates
// nothing.
//
// The states, blocks and buffers Run works in are cleared before it
// returns. Timing: each job's rejection loop and hash lengths are as public
// or secret as for its sampler (see [SampleNTT], [RejBoundedPoly]); the
// order in which lanes are refilled depends on those loop counts only.
func Run(jobs []Job) { RunFunc(jobs, nil) }

// RunFunc is [Run], calling done(j), if done is not nil, as soon as job j
// has written its whole output, before its lane takes another job. done
// may compute with that output, release more input of a held hash job
// ([Job.SetReady]), which then resumes in the next free lane ahead of the
// jobs not yet started, and overwrite [Later] placeholders with the jobs
// they stand for; it must not touch the other jobs. At most four held jobs
// may wait at any one time. Every held job's input must be released, and
// every placeholder filled, by the time the other jobs are done: RunFunc
// panics if only held jobs or placeholders remain. A job set aside costs
// no permutation.
// The callback does not escape, so a closure passed here is not allocated.
func RunFunc(jobs []Job, done func(j int)) {
	if len(jobs) == 1 && jobs[0].isHash() && jobs[0].pending == 0 {
		hashAlone(&jobs[0])
		if done != nil {
			done(0)
		}
		return
	}
	size := 0            // the per-lane output buffers the list needs
	plain := done == nil // samplers only, no callback: runSamplers
	for i := range jobs {
		size = max(size, jobs[i].kind.bufLen())
		plain = plain && jobs[i].kind < hashSHA3_256
	}
	if size == 0 {
		runWith(plain, jobs, nil, 0, done)
		return
	}
	runBuffered(plain, jobs, done, size)
}

// Sizes of the per-lane output buffers: PRF_3's 192 bytes (FIPS 203,
// Section 4.1) and ExpandMask's largest, 32·20 (FIPS 204, Algorithm 34).
const (
	cbd3Buf = 192
	maskBuf = 640
)

// hashAlone computes a lone hash job whose input is all ready (G and
// H(ek) of ML-KEM key generation, ρ″ and H(ξ) in ML-DSA, c̃′ in its
// verification, tr of a parsed key) as a plain sponge on one lane, with
// the backend's lone-lane permutation (the BMI kernel with AVX2): with
// nothing beside it, run's rounds are pure overhead. On a busy host it
// measured as fast as crypto/sha3 for one block (SHAKE-256, 64 bytes in
// and out: 700–760 ns either way) and 15–20 % faster over many (SHA3-256
// of 800 bytes: 3.25 against 3.2–4.4 µs). The state, which may derive
// from a secret, is cleared afterwards, and so is the job, as run does.
func hashAlone(jb *Job) {
	var (
		x    shakeX4
		last [rate128]byte
	)
	x.impl = keccakDefault
	s := laneState{rate: jb.rate()}
	for !s.squeezing {
		absorbBlock(&x, 0, &s, jb, &last)
		x.impl.permute(&x.a, &x.tmp, 1)
	}
	for out := jb.out; ; {
		n := min(len(out), s.rate)
		x.extract(0, 0, out[:n])
		if out = out[n:]; len(out) == 0 {
			break
		}
		x.impl.permute(&x.a, &x.tmp, 1)
	}
	x.clear()
	clear(last[:])
	*jb = Job{}
}

// runBuffered runs jobs (with runSamplers if plain) of which some collect
// more than one block of output (PRF_3, ExpandMask) before turning it into
// a polynomial, in per-lane buffers of ExpandMask's size if size exceeds
// PRF_3's and of PRF_3's otherwise. The other lists skip the zeroing and
// clearing of the buffers, and those without ExpandMask that of 1.8 KiB of
// them.
func runBuffered(plain bool, jobs []Job, done func(int), size int) {
	if size > cbd3Buf {
		var bufs [lanes * maskBuf]byte
		runWith(plain, jobs, bufs[:], maskBuf, done)
		clear(bufs[:])
		return
	}
	var bufs [lanes * cbd3Buf]byte
	runWith(plain, jobs, bufs[:], cbd3Buf, done)
	clear(bufs[:])
}

// runWith runs the list with runSamplers if plain (samplers only, no
// callback) and with run otherwise. (Direct calls: through a function
// value, the jobs and buffers would escape to the heap.)
func runWith(plain bool, jobs []Job, bufs []byte, size int, done func(int)) {
	if plain {
		runSamplers(jobs, bufs, size)
		return
	}
	run(jobs, bufs, size, done)
}

// parking holds the held jobs run has set aside, each with its lane state
// and Keccak state, until their input is released.
type parking struct {
	slots [lanes]struct {
		ls    laneState // ls.job < 0: the slot is free
		state [25]uint64
	}
	n int // slots in use
}

// park sets aside the held job in lane l (state s), freeing the lane.
// It panics if all slots are in use.
func (p *parking) park(x *shakeX4, l int, s *laneState) {
	for i := range p.slots {
		if slot := &p.slots[i]; slot.ls.job < 0 {
			slot.ls = *s
			x.saveLane(l, &slot.state)
			p.n++
			s.job = -1
			return
		}
	}
	panic("sample: RunFunc: more than four held jobs set aside at once")
}

// resume puts into the free lane l (state s) a parked job whose input has
// since become ready, restoring its Keccak state, and reports whether
// there was one.
func (p *parking) resume(x *shakeX4, l int, s *laneState, jobs []Job) bool {
	for i := range p.slots {
		if p.n == 0 {
			break
		}
		slot := &p.slots[i]
		if slot.ls.job >= 0 && runnable(&jobs[slot.ls.job], &slot.ls) {
			*s = slot.ls
			x.loadLane(l, &slot.state)
			slot.ls.job = -1
			p.n--
			return true
		}
	}
	return false
}

// runnable reports whether the lane state s can absorb its next block of
// jb's input: a whole block of ready input, or the last block once the
// whole input is ready.
func runnable(jb *Job, s *laneState) bool {
	return jb.pending == 0 || jb.inputLen()-jb.pending-s.off >= s.rate
}

// run is RunFunc with the per-lane output buffers of the multi-block
// fixed-length samplers, size bytes each, lane l's at bufs[l·size:], or
// nil if no job needs them.
func run(jobs []Job, bufs []byte, size int, done func(int)) {
	var (
		x      shakeX4
		ls     [lanes]laneState
		blocks [lanes][rate128]byte
		last   [rate128]byte
		parked parking
	)
	x.impl = keccakDefault
	next := 0
	for l := range ls {
		ls[l].job = -1
		parked.slots[l].ls.job = -1
	}
	permuted := false // the lanes are no longer all zero
	for {
		// active: lanes with a job; squeezing: those whose permutation
		// below yields an output block; words: the longest such block;
		// starved: a free lane found no job to resume or start, so the
		// later free lanes of this round, before any callback can release
		// input or fill a placeholder, would not either.
		words, active, squeezing := 0, uint8(0), uint8(0)
		starved := false
		for l := range lanes {
			s := &ls[l]
			for {
				if s.job < 0 {
					if starved || !parked.resume(&x, l, s, jobs) && !take(&x, l, s, jobs, &next, permuted, size) {
						starved = true
						break
					}
				}
				if s.squeezing || runnable(&jobs[s.job], s) {
					break
				}
				parked.park(&x, l, s) // a held job out of ready input
			}
			if s.job < 0 {
				continue
			}
			active |= 1 << l
			if !s.squeezing {
				absorbBlock(&x, l, s, &jobs[s.job], &last)
			}
			if s.squeezing {
				squeezing |= 1 << l
				words = max(words, s.rate/8)
			}
		}
		if active == 0 {
			if parked.n != 0 {
				panic("sample: RunFunc: a held job's input was never released")
			}
			if next < len(jobs) {
				panic("sample: RunFunc: a Later placeholder was never filled")
			}
			break
		}
		if squeezing == 0 && active&(active-1) == 0 && next == len(jobs) && parked.n == 0 {
			// A lone hash still absorbing, and no other job to start or
			// resume (no callback can run before it squeezes): absorb its
			// released blocks here, one permutation each, without the
			// rounds' lane bookkeeping — the tail of H(ek), J or tr.
			l := bits.TrailingZeros8(active) & 3
			s := &ls[l]
			jb := &jobs[s.job]
			for !s.squeezing && runnable(jb, s) {
				x.impl.permute(&x.a, &x.tmp, active)
				absorbBlock(&x, l, s, jb, &last)
			}
			if s.squeezing {
				squeezing, words = active, s.rate/8
			}
		}
		x.impl.permute(&x.a, &x.tmp, active)
		permuted = true
		if squeezing == 0 {
			continue
		}
		x.extractBlocks(&blocks, squeezing, words)
		for sq := squeezing; sq != 0; sq &= sq - 1 {
			l := bits.TrailingZeros8(sq) & 3
			s := &ls[l]
			if j := s.job; consume(&jobs[j], s, &blocks[l], bufs, l*size) {
				s.job = -1
				if done != nil {
					done(j)
				}
			}
		}
	}
	x.clear()
	clear(blocks[:])
	clear(last[:])
	clear(parked.slots[:])
	clear(jobs)
}

// take puts into the free lane l, in state s, the next job not yet
// started, and reports whether there was one (none, or a [Later]
// placeholder, is next). A sampler's lane is set to its padded seed block,
// so it squeezes from the next permutation on; a hash's lane is zeroed
// unless no permutation has run yet (an idle lane is permuted too: the
// AVX2 kernel permutes all four). It panics if the job needs a longer
// output buffer than run has (size bytes per lane): a placeholder that
// became an ExpandMask job in a list without one.
func take(x *shakeX4, l int, s *laneState, jobs []Job, next *int, permuted bool, size int) bool {
	*next = skipZero(jobs, *next)
	if *next == len(jobs) || jobs[*next].kind == jobLater {
		return false
	}
	jb := &jobs[*next]
	if jb.kind.bufLen() > size {
		panic("sample: RunFunc: a Later placeholder became an ExpandMask job in a list without one")
	}
	*next++
	if jb.kind < hashSHA3_256 {
		x.startSampler(l, s, jb, *next-1)
		return true
	}
	*s = laneState{job: *next - 1, rate: jb.rate()}
	if permuted {
		x.clearLane(l)
	}
	return true
}

// skipZero returns the index of the first job from i on that is not a zero
// Job, or len(jobs).
func skipZero(jobs []Job, i int) int {
	for i < len(jobs) && jobs[i].kind == samplerNone {
		i++
	}
	return i
}

// startSampler puts sampler job jb, job j of the list, into lane l, in
// state s. A sampler's input, seed‖nonce, is shorter than a block: its
// padded block becomes the lane's state at once, and the lane squeezes
// from the next permutation on.
func (x *shakeX4) startSampler(l int, s *laneState, jb *Job, j int) {
	*s = laneState{job: j, rate: jb.rate(), off: jb.kind.inputLen(), squeezing: true}
	x.loadSeed(l, jb.in[0], jb.nonce, jb.kind.inputLen()-len(jb.in[0]), s.rate)
}

// absorbBlock XORs the next rate bytes of hash job jb's input into lane l,
// or, when fewer remain, its padded last block (SHAKE or SHA-3 padding,
// FIPS 202, Sections 5.1 and 6), after which the lane squeezes. last is
// scratch. (Samplers, whose input is one block, start squeezing in take.)
func absorbBlock(x *shakeX4, l int, s *laneState, jb *Job, last *[rate128]byte) {
	size := jb.inputLen()
	if size-s.off >= s.rate {
		if src := jb.span(s.off, s.rate); src != nil {
			x.xorBlock(l, src) // the block lies in one input slice
		} else {
			jb.input(last[:s.rate], s.off)
			x.xorBlock(l, last[:s.rate])
		}
		s.off += s.rate
		return
	}
	// The padded last block, XORed in whole (xorBlock's loops for whole
	// blocks are the fast ones); pad10*1's last bit is XORed in by padEnd.
	k := size - s.off
	jb.input(last[:k], s.off)
	clear(last[k:s.rate])
	last[k] = 0x1f // SHAKE: suffix 1111, then pad10*1's first bit
	if jb.kind == hashSHA3_256 || jb.kind == hashSHA3_512 {
		last[k] = 0x06 // SHA3: suffix 01, then pad10*1's first bit
	}
	x.xorBlock(l, last[:s.rate])
	x.padEnd(l, s.rate)
	s.squeezing = true
}

// consume hands one output block of the lane in state s to its job and
// reports whether the job is done. PRF_3 and ExpandMask collect their
// output in the lane's buffer, bufs[at:] (bufs is nil if the list has no
// such job; take checked the buffers' size); PRF_2's 128 bytes come from
// the block itself.
func consume(jb *Job, s *laneState, block *[rate128]byte, bufs []byte, at int) bool {
	switch jb.kind {
	case samplerNTT16:
		if s.n = parseNTT16(jb.out16, s.n, block); s.n < poly.N {
			return false
		}
		ntt.FromSpecOrder16(jb.out16)
		return true
	case samplerNTT32:
		if s.n = parseNTT32(jb.out32, s.n, block); s.n < poly.N {
			return false
		}
		if !jb.fips {
			ntt.FromSpecOrder32(jb.out32)
		}
		return true
	case samplerBounded2:
		s.n = parseBounded(jb.out32, s.n, block[:rate256], 2)
		return s.n == poly.N
	case samplerBounded4:
		s.n = parseBounded(jb.out32, s.n, block[:rate256], 4)
		return s.n == poly.N
	case samplerCBD2: // 128 bytes, within the first block
		cbd2(jb.out16, (*[128]byte)(block[:128]))
		return true
	}
	// Fixed-length output: hashes write to their destination, samplers
	// collect their bytes in the lane's buffer.
	dst := jb.out
	if jb.kind < hashSHA3_256 {
		dst = bufs[at:][:jb.kind.bufLen()]
	}
	s.n += copy(dst[s.n:], block[:s.rate])
	if s.n < len(dst) {
		return false
	}
	switch jb.kind {
	case samplerCBD3:
		cbd3(jb.out16, (*[192]byte)(dst))
	case samplerMask18:
		unpackMask18(jb.out32, (*[576]byte)(dst))
	case samplerMask20:
		unpackMask20(jb.out32, (*[640]byte)(dst))
	}
	return true
}
