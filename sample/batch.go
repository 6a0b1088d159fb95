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
// (up to nine where the AVX-512 kernels permute eight states in zmm
// registers and a ninth beside them, as lanesFor chooses): whenever a job
// ends, its lane takes the next job of the list at once, so a long hash
// (J over a ciphertext, H over a public key) runs beside a stream of short
// samplers instead of costing a permutation of its own per block. Put long
// jobs first. A lone hash runs as a one-lane sponge. A job
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
	lanes := lanesFor(jobs, keccak.LanesInUse())
	// The buffers are sized by the list and its lanes: most lists need
	// none, those without ExpandMask skip zeroing and clearing most of
	// them, and lists on four lanes those of the other five.
	switch {
	case size == 0:
		run(jobs, lanes, nil, 0)
	case size <= cbd3Buf && lanes <= 4:
		var bufs [4 * cbd3Buf]byte
		run(jobs, lanes, bufs[:], cbd3Buf)
		clear(bufs[:])
	case size <= cbd3Buf:
		var bufs [maxLanes * cbd3Buf]byte
		run(jobs, lanes, bufs[:], cbd3Buf)
		clear(bufs[:])
	case lanes <= 4:
		var bufs [4 * maskBuf]byte
		run(jobs, lanes, bufs[:], maskBuf)
		clear(bufs[:])
	default:
		var bufs [maxLanes * maskBuf]byte
		run(jobs, lanes, bufs[:], maskBuf)
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

// run is Run's loop on the first lanes of a States, with the per-lane
// output buffers of the multi-block fixed-length samplers, size bytes
// each, lane l's at bufs[l·size:], or nil if no job needs them. The
// per-lane state and output blocks take the storage of nine lanes only
// when more than four are in use, and so does the States' clearing. Each round it gives the
// free lanes the next jobs of the list, absorbs one block of every hash
// still absorbing, permutes the busy lanes, and hands every squeezing
// lane's output block to its job. A finished job is cleared at once: that
// is how a job that waits for it ([Job.After]) sees that it is done.
func run(jobs []Job, lanes int, bufs []byte, size int) {
	var x keccak.States
	if lanes <= 4 {
		x.Init()
		var (
			ls     [4]laneState
			blocks [4][rate128]byte
		)
		runOn(&x, jobs, lanes, ls[:], blocks[:], bufs, size)
		clear(blocks[:])
	} else {
		var (
			ls     [maxLanes]laneState
			blocks [maxLanes][rate128]byte
		)
		x.InitWide()
		// Lanes read the kernels again: fewer if a test switched them
		// since Run chose.
		runOn(&x, jobs, min(lanes, x.Lanes()), ls[:], blocks[:], bufs, size)
		clear(blocks[:])
	}
	x.Clear()
}

// runOn is run's loop on x, whose first lanes lanes are in use, with the
// per-lane state and output blocks ls and blocks of as many lanes.
func runOn(x *keccak.States, jobs []Job, lanes int, ls []laneState, blocks [][rate128]byte, bufs []byte, size int) {
	var last [rate128]byte
	all := uint16(1)<<lanes - 1 // the lanes in use
	next, active := 0, uint16(0)
	permuted := false // the lanes are no longer all zero
	for {
		for free := ^active & all; free != 0; free &= free - 1 {
			if next = skipZero(jobs, next); next == len(jobs) || !jobs[next].ready(jobs) {
				break
			}
			l := bits.TrailingZeros16(free)
			start(x, l, &ls[l], &jobs[next], next, permuted)
			active |= 1 << l
			next++
		}
		if active == 0 {
			if next < len(jobs) {
				panic("sample: Run: a job waits (Job.After) for a job that does not come before it")
			}
			break
		}
		words, squeezing, absorbed := 0, uint16(0), uint16(0)
		for a := active; a != 0; a &= a - 1 {
			l := bits.TrailingZeros16(a)
			s := &ls[l]
			if jb := &jobs[s.job]; jb.kind == hashAbsorb {
				if s.off = jb.in.AbsorbBlock(x, l, s.off, s.rate, &last); jb.in.Len()-s.off < s.rate {
					absorbed |= 1 << l // its last whole block: done after this permutation
				}
			} else if !s.squeezing {
				if s.off = jb.in.Absorb(x, l, s.off, s.rate, jb.suffix(), &last); s.off < 0 {
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
			l := bits.TrailingZeros16(ab)
			jb := &jobs[ls[l].job]
			finishAbsorb(x, l, jb, ls[l].off)
			*jb = Job{}
			active &^= 1 << l
		}
		if squeezing == 0 {
			continue
		}
		x.ExtractBlocks(blocks, squeezing, words)
		for sq := squeezing; sq != 0; sq &= sq - 1 {
			l := bits.TrailingZeros16(sq)
			s := &ls[l]
			if jb := &jobs[s.job]; consume(jb, s, &blocks[l], bufs, l*size) {
				*jb = Job{}
				active &^= 1 << l
			}
		}
	}
	clear(last[:])
}

// Lanes returns the number of Keccak lanes a Run can use at once with the
// kernels selected now: 9 where the AVX-512 kernels run, 4 otherwise. A
// caller that splits its work into batches may size them by it.
func Lanes() int { return keccak.LanesInUse() }

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
