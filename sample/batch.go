package sample

import (
	"math/bits"

	"github.com/moduletto/moduletto/internal/keccak"
	"github.com/moduletto/moduletto/poly"
)

// Rates (block sizes) in bytes of the XOFs and hashes the jobs use (FIPS
// 202, Sections 6.1 and 6.2), and the largest number of Keccak lanes of a
// batch.
const (
	rate128      = keccak.Rate128 // SHAKE-128
	rate256      = keccak.Rate256 // SHAKE-256, SHA3-256
	rateSHA3_512 = keccak.RateSHA3_512
	maxLanes     = keccak.MaxLanes
)

// sampler names what a [Job] computes: a sampler, which fixes the XOF
// (SHAKE-128 or SHAKE-256), the input length and how the output becomes a
// polynomial, or a fixed-length hash.
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
	hashSHA3_256                   // SHA3-256, 32 bytes
	hashSHA3_512                   // SHA3-512, 64 bytes
	hashSHAKE256                   // SHAKE-256, len(out) bytes
	hashAbsorb                     // whole blocks of input into a Sponge (AbsorbJob)
)

// inputLen is the length of a sampler's XOF input: 34 bytes (ρ‖a‖b), 33
// (s‖b) or 66 (ρ‖IntegerToBytes(n, 2)).
func (s sampler) inputLen() int {
	switch s {
	case samplerNTT16, samplerNTT32:
		return 34
	case samplerCBD2, samplerCBD3:
		return 33
	}
	return 66
}

// Sizes of the per-lane output buffers: PRF_3's 192 bytes (FIPS 203,
// Section 4.1) and ExpandMask's largest, 32·20 (FIPS 204, Algorithm 34).
const (
	cbd3Buf = 192
	maskBuf = 640
)

// bufLen is the size of the per-lane buffer in which the sampler collects
// its fixed-length output before turning it into a polynomial: PRF_3's 192
// bytes and ExpandMask's 576 or 640. It is 0 for the samplers that read
// whole blocks (the rejection samplers, and PRF_2, whose 128 bytes lie in
// the first block) and for hashes, which write to their destination.
func (s sampler) bufLen() int {
	switch s {
	case samplerCBD3:
		return cbd3Buf
	case samplerMask18:
		return 576
	case samplerMask20:
		return maskBuf
	}
	return 0
}

// A Job is one independent Keccak computation for [Run]: a sampler of this
// package turning its XOF stream into a polynomial, a fixed-length hash
// (SHA3-256, SHA3-512, SHAKE-256), or a piece of input absorbed into a
// [Sponge]. Make jobs with the constructors ([SampleNTTJob],
// [SampleNoiseJob], [RejNTTPolyJob], [RejBoundedPolyJob], [ExpandMaskJob],
// [Sum256Job], [Sum512Job], [SHAKE256Job], [AbsorbJob]) and keep them in an
// array in the caller's frame: a Job holds pointers to its output and
// input, so nothing is allocated as long as the array stays local.
//
// The zero Job does nothing.
type Job struct {
	kind   sampler
	after  uint8        // 1 + the index of the job this one waits for (After); 0: none
	toNTT  bool         // SampleNoiseNTTJob: the noise transformed into the NTT domain
	nonce  [2]byte      // a sampler's index bytes, after its seed in the XOF input
	in     keccak.Input // a hash's input; a sampler's seed (ρ, σ, ρ′) in in[0]
	out16  *[poly.N]int16
	out32  *[poly.N]int32
	out    []byte  // a hash's output
	sponge *Sponge // an AbsorbJob's sponge
}

// SampleNTTJob returns the job of [SampleNTT](dst, ρ, j, i).
func SampleNTTJob(dst *poly.NTTPoly16, rho *[32]byte, j, i byte) Job {
	return Job{kind: samplerNTT16, out16: (*[poly.N]int16)(dst), in: keccak.Input{rho[:]}, nonce: [2]byte{j, i}}
}

// SampleNoiseJob returns the job of [SampleNoise](dst, σ, n, η); eta must be
// 2 or 3, it panics otherwise.
func SampleNoiseJob(dst *poly.Poly16, sigma *[32]byte, n byte, eta int) Job {
	return Job{kind: cbdSampler(eta), out16: (*[poly.N]int16)(dst), in: keccak.Input{sigma[:]}, nonce: [2]byte{n}}
}

// SampleNoiseNTTJob returns the job that writes NTT(SampleNoise(σ, n, η))
// to dst: a noise polynomial drawn and transformed into the NTT domain, as
// FIPS 203, Algorithm 13 draws s and e (lines 8–15) and then transforms them
// (lines 16–17). eta must be 2 or 3, it panics otherwise. Coefficients are
// canonical, in [0, q), in the ntt backend's order.
func SampleNoiseNTTJob(dst *poly.NTTPoly16, sigma *[32]byte, n byte, eta int) Job {
	return Job{kind: cbdSampler(eta), toNTT: true, out16: (*[poly.N]int16)(dst), in: keccak.Input{sigma[:]}, nonce: [2]byte{n}}
}

// RejNTTPolyJob returns the job of [RejNTTPoly](dst, ρ, s, r).
func RejNTTPolyJob(dst *poly.NTTPoly32, rho *[32]byte, s, r byte) Job {
	return Job{kind: samplerNTT32, out32: (*[poly.N]int32)(dst), in: keccak.Input{rho[:]}, nonce: [2]byte{s, r}}
}

// RejBoundedPolyJob returns the job of [RejBoundedPoly](dst, ρ, nonce, η);
// eta must be 2 or 4, it panics otherwise.
func RejBoundedPolyJob(dst *poly.Poly32, rho *[64]byte, nonce uint16, eta int) Job {
	return Job{kind: boundedSampler(eta), out32: (*[poly.N]int32)(dst), in: keccak.Input{rho[:]}, nonce: [2]byte{byte(nonce), byte(nonce >> 8)}}
}

// ExpandMaskJob returns the job of polynomial r of [ExpandMask], that is
// BitUnpack(H(ρ‖IntegerToBytes(nonce, 2), 32c), γ1−1, γ1) with nonce = μ+r;
// gamma1 must be 2^17 or 2^19, it panics otherwise.
func ExpandMaskJob(dst *poly.Poly32, rho *[64]byte, nonce uint16, gamma1 int) Job {
	return Job{kind: maskSampler(gamma1), out32: (*[poly.N]int32)(dst), in: keccak.Input{rho[:]}, nonce: [2]byte{byte(nonce), byte(nonce >> 8)}}
}

// Sum256Job returns the job that writes SHA3-256(in0‖in1) (FIPS 202,
// Section 6.1) to dst.
func Sum256Job(dst *[32]byte, in0, in1 []byte) Job {
	return Job{kind: hashSHA3_256, in: keccak.Input{in0, in1}, out: dst[:]}
}

// Sum512Job returns the job that writes SHA3-512(in0‖in1) (FIPS 202,
// Section 6.1) to dst.
func Sum512Job(dst *[64]byte, in0, in1 []byte) Job {
	return Job{kind: hashSHA3_512, in: keccak.Input{in0, in1}, out: dst[:]}
}

// SHAKE256Job returns the job that writes the first len(dst) bytes of
// SHAKE-256(in0‖in1) (FIPS 202, Section 6.2) to dst.
func SHAKE256Job(dst, in0, in1 []byte) Job {
	return Job{kind: hashSHAKE256, in: keccak.Input{in0, in1}, out: dst}
}

// maxAfter bounds the index that [Job.After] accepts.
const maxAfter = 254

// After makes jb, in place, wait for job i of the same list: [Run] starts
// it only once job i has written its whole output, so jb's input (its seed,
// or the bytes of a hash) may be that output, or be computed from it
// before Run is called. Job i must come before jb in the list, and i ≤ 254;
// After panics for a negative or larger i, and Run if job i comes later.
// Until job i is done, the jobs after jb wait too: list the jobs that
// need nothing first.
//
// After sets jb where it lies (jobs[n].After(0)) rather than returning a
// modified copy: a Job is 104 bytes, and each copy of one just built
// stalls on store forwarding (its wide loads read narrow stores).
func (jb *Job) After(i int) {
	if i < 0 || i > maxAfter {
		panic("sample: Job.After needs 0 ≤ i ≤ 254")
	}
	jb.after = uint8(i + 1)
}

// isHash reports whether jb is a hash job (SHA3-256, SHA3-512, SHAKE-256,
// or the absorbing of a Sponge).
func (jb *Job) isHash() bool { return jb.kind >= hashSHA3_256 }

// rate returns the sponge rate of the job's Keccak instance in bytes.
func (jb *Job) rate() int {
	switch jb.kind {
	case samplerNTT16, samplerNTT32:
		return rate128
	case hashSHA3_512:
		return rateSHA3_512
	}
	return rate256
}

// suffix returns the domain-separation byte of a hash job's padding.
func (jb *Job) suffix() byte {
	if jb.kind == hashSHAKE256 {
		return keccak.SuffixSHAKE
	}
	return keccak.SuffixSHA3
}

// Run computes the jobs, four at a time on the Keccak-f[1600]×4 kernels
// (five where the AVX-512 kernel permutes a fifth state beside them):
// whenever a job ends, its lane takes the next job of the list at once, so
// a long hash (J over a ciphertext, H over a public key) runs beside a
// stream of short samplers instead of costing a permutation of its own per
// block. Put long jobs first. A lone hash runs as a one-lane sponge. A job
// refers to its seed or input, which must not change until Run returns,
// unless it waits for the job that writes it ([Job.After]). Run clears
// every job when it is done and allocates nothing.
//
// The states, blocks and buffers Run works in are cleared before it
// returns. Timing: each job's rejection loop and hash lengths are as public
// or secret as for its sampler (see [SampleNTT], [RejBoundedPoly]); the
// order in which lanes are refilled depends on those loop counts only.
func Run(jobs []Job) {
	if len(jobs) == 1 && jobs[0].isHash() && jobs[0].kind != hashAbsorb {
		jb := &jobs[0]
		keccak.Sum(jb.out, jb.in[0], jb.in[1], jb.rate(), jb.suffix())
		*jb = Job{}
		return
	}
	size := 0 // the per-lane output buffers the list needs
	for i := range jobs {
		size = max(size, jobs[i].kind.bufLen())
	}
	// The buffers are sized by the list: most lists need none, and those
	// without ExpandMask skip zeroing and clearing 1.8 KiB of them.
	switch {
	case size == 0:
		run(jobs, nil, 0)
	case size <= cbd3Buf:
		var bufs [maxLanes * cbd3Buf]byte
		run(jobs, bufs[:], cbd3Buf)
		clear(bufs[:])
	default:
		var bufs [maxLanes * maskBuf]byte
		run(jobs, bufs[:], maskBuf)
		clear(bufs[:])
	}
}

// laneState is what [Run] knows about the job in one Keccak lane.
type laneState struct {
	job       int  // index of the job
	rate      int  // the job's rate
	words     int  // rate/8: the words of an output block
	off       int  // input bytes of a hash absorbed
	squeezing bool // the padded last block has been absorbed
	n         int  // coefficients (rejection samplers) or output bytes so far
}

// run is Run's loop, with the per-lane output buffers of the multi-block
// fixed-length samplers, size bytes each, lane l's at bufs[l·size:], or nil
// if no job needs them. Each round it gives the free lanes the next jobs
// of the list, absorbs one block of every hash still absorbing, permutes the
// busy lanes, and hands every squeezing lane's output block to its job. A
// finished job is cleared at once: that is how a job that waits for it
// ([Job.After]) sees that it is done.
func run(jobs []Job, bufs []byte, size int) {
	var (
		x      keccak.States
		ls     [maxLanes]laneState
		blocks [maxLanes][rate128]byte
		last   [rate128]byte
	)
	x.Init()
	all := uint8(1)<<lanesFor(jobs, x.Lanes()) - 1 // the lanes in use
	next, active := 0, uint8(0)
	permuted := false // the lanes are no longer all zero
	for {
		for free := ^active & all; free != 0; free &= free - 1 {
			if next = skipZero(jobs, next); next == len(jobs) || !jobs[next].ready(jobs) {
				break
			}
			l := bits.TrailingZeros8(free)
			start(&x, l, &ls[l], &jobs[next], next, permuted)
			active |= 1 << l
			next++
		}
		if active == 0 {
			if next < len(jobs) {
				panic("sample: Run: a job waits (Job.After) for a job that does not come before it")
			}
			break
		}
		words, squeezing, absorbed := 0, uint8(0), uint8(0)
		for a := active; a != 0; a &= a - 1 {
			l := bits.TrailingZeros8(a)
			s := &ls[l]
			if jb := &jobs[s.job]; jb.kind == hashAbsorb {
				if s.off = jb.in.AbsorbBlock(&x, l, s.off, s.rate, &last); jb.in.Len()-s.off < s.rate {
					absorbed |= 1 << l // its last whole block: done after this permutation
				}
			} else if !s.squeezing {
				if s.off = jb.in.Absorb(&x, l, s.off, s.rate, jb.suffix(), &last); s.off < 0 {
					s.squeezing = true
				}
			}
			if s.squeezing {
				squeezing |= 1 << l
				words = max(words, s.words)
			}
		}
		x.Permute(active)
		permuted = true
		for ab := absorbed; ab != 0; ab &= ab - 1 {
			l := bits.TrailingZeros8(ab)
			jb := &jobs[ls[l].job]
			finishAbsorb(&x, l, jb, ls[l].off)
			*jb = Job{}
			active &^= 1 << l
		}
		if squeezing == 0 {
			continue
		}
		x.ExtractBlocks(&blocks, squeezing, words)
		for sq := squeezing; sq != 0; sq &= sq - 1 {
			l := bits.TrailingZeros8(sq)
			s := &ls[l]
			if jb := &jobs[s.job]; consume(jb, s, &blocks[l], bufs, l*size) {
				*jb = Job{}
				active &^= 1 << l
			}
		}
	}
	x.Clear()
	clear(blocks[:])
	clear(last[:])
}

// Lanes returns the number of Keccak lanes a Run can use at once with the
// kernels selected now: 5 where the AVX-512 kernels run, 4 otherwise. A
// caller that splits its work into batches may size them by it.
func Lanes() int { return keccak.LanesInUse() }

// lanesFor returns how many of the n lanes a States offers (four, or five
// with the AVX-512 kernels) Run uses for jobs: the fifth only if the list
// typically finishes in fewer permutations with it. The five-state kernel
// costs a little more than the four-state one, so a fifth lane that only
// reshuffles the jobs, ending after as many permutations, does not pay.
// It simulates Run on four and on five lanes at once, each job taking its
// typical count (Job.perms) and going, in list order, to the lane that
// frees first (the lowest of those that free at once, as Run picks);
// Job.After is ignored. The choice depends on the jobs' kinds and hash
// lengths only.
func lanesFor(jobs []Job, n int) int {
	if n <= 4 || len(jobs) <= 4 { // four lanes start every job at once
		return min(n, 4)
	}
	// Bounds first: five lanes cannot end before the longest job, nor
	// before a fifth of the permutations; four end no later than any job's
	// start bound plus its length (a job starts once the jobs before it
	// have kept all four lanes busy: after at most a quarter of their
	// permutations). Most lists of a few short jobs, or of one long hash
	// beside them, are settled there.
	total, longest, upper4 := 0, 0, 0
	for i := range jobs {
		p := jobs[i].perms()
		upper4 = max(upper4, total/4+p)
		total += p
		longest = max(longest, p)
	}
	if max(longest, (total+4)/5) >= upper4 {
		return 4
	}
	var four, five lanePlan
	for i := range jobs {
		p := jobs[i].perms()
		four.add(p, 4)
		five.add(p, 5)
	}
	if five.end < four.end {
		return 5
	}
	return 4
}

// lanePlan is lanesFor's simulation of Run on a number of lanes: the
// permutation after which each lane is free, and the last of those.
type lanePlan struct {
	free [maxLanes]int
	end  int
}

// add gives a job of p permutations to the first of m lanes (4 or 5) to
// free up, written out for the two counts rather than looped over.
func (s *lanePlan) add(p, m int) {
	l := 0
	if s.free[1] < s.free[l] {
		l = 1
	}
	if s.free[2] < s.free[l] {
		l = 2
	}
	if s.free[3] < s.free[l] {
		l = 3
	}
	if m > 4 && s.free[4] < s.free[l] {
		l = 4
	}
	s.free[l] += p
	s.end = max(s.end, s.free[l])
}

// perms returns the number of permutations the job typically takes: its
// blocks of output (the rejection samplers' at their acceptance rates), or
// a hash's blocks of padded input and of output. Only lanesFor uses it.
func (jb *Job) perms() int {
	if !jb.isHash() {
		return int(samplerPerms[jb.kind]) // 0 for the zero Job, which Run skips
	}
	r := jb.rate()
	if jb.kind == hashAbsorb {
		return blocks(jb.in.Len(), r)
	}
	return blocks(jb.in.Len(), r) + 1 + blocks(len(jb.out)-1, r)
}

// samplerPerms holds the typical permutation counts of the samplers.
var samplerPerms = [hashSHA3_256]uint8{
	samplerNTT16:    3, // 504 bytes: 336 12-bit candidates, 273 below q on average (3329/4096)
	samplerNTT32:    5, // 256 23-bit candidates (nearly all below q) in 768 bytes
	samplerBounded2: 2, // 256 half-bytes below 15 of 16 take 137 bytes
	samplerBounded4: 2, // 256 half-bytes below 9 of 16 take 228 bytes
	samplerCBD2:     1, // 128 bytes
	samplerCBD3:     2, // 192 bytes
	samplerMask18:   5, // 576 bytes
	samplerMask20:   5, // 640 bytes
}

// blocks returns n/rate (rounded towards zero) for one of the rates, each
// a constant divisor, which the compiler turns into a multiplication: the
// module keeps division instructions out of code that may see secrets
// (internal/divscan), though these lengths are public.
func blocks(n, rate int) int {
	switch rate {
	case rate128:
		return n / rate128
	case rate256:
		return n / rate256
	}
	return n / rateSHA3_512
}

// skipZero returns the index of the first job from i on that is not a zero
// Job, or len(jobs).
func skipZero(jobs []Job, i int) int {
	for i < len(jobs) && jobs[i].kind == samplerNone {
		i++
	}
	return i
}

// ready reports whether jb may start: it waits for no job, or for one that
// is done (run clears a job when it finishes).
func (jb *Job) ready(jobs []Job) bool {
	return jb.after == 0 || jobs[jb.after-1].kind == samplerNone
}

// start puts job j, jb, into lane l, in state s. A sampler's input,
// seed‖nonce, is shorter than a block: its padded block becomes the lane's
// state at once, and the lane squeezes from the next permutation on. A
// hash's lane is zeroed unless no permutation has run yet (an idle lane is
// permuted too: the AVX2 kernels permute all the lanes in use), and
// absorbs from the next round on.
func start(x *keccak.States, l int, s *laneState, jb *Job, j int, permuted bool) {
	r := jb.rate()
	*s = laneState{job: j, rate: r, words: r / 8}
	if jb.kind == hashAbsorb {
		x.LoadState(l, &jb.sponge.a)
		return
	}
	if jb.isHash() {
		if permuted {
			x.ClearLane(l)
		}
		return
	}
	n := jb.kind.inputLen()
	s.off, s.squeezing = n, true
	x.LoadSeed(l, jb.in[0], jb.nonce, n-len(jb.in[0]), s.rate)
}

// consume hands one output block of the lane in state s to its job and
// reports whether the job is done. PRF_3 and ExpandMask collect their
// output in the lane's buffer, bufs[at:] (bufs is nil if the list has no
// such job).
func consume(jb *Job, s *laneState, block *[rate128]byte, bufs []byte, at int) bool {
	switch jb.kind {
	case samplerNTT16:
		return sampleNTTBlock(jb, s, block)
	case samplerNTT32:
		return rejNTTPolyBlock(jb, s, block)
	case samplerBounded2, samplerBounded4:
		return rejBoundedPolyBlock(jb, s, block)
	case samplerCBD2, samplerCBD3:
		return noiseBlock(jb, s, block, bufs[at:])
	case samplerMask18, samplerMask20:
		return expandMaskBlock(jb, s, block, bufs[at:])
	}
	return collect(jb.out, s, block) // a hash writes to its destination
}

// collect copies one output block into buf, which collects a fixed-length
// output (a hash's, or a sampler's before it becomes a polynomial), and
// reports whether buf is full.
func collect(buf []byte, s *laneState, block *[rate128]byte) bool {
	s.n += copy(buf[s.n:], block[:s.rate])
	return s.n == len(buf)
}
