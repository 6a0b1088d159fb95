package sample

import (
	"crypto/sha3"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/poly"
)

// hashLengths crosses every rate boundary (SHA3-512 72, SHAKE-256 and
// SHA3-256 136, SHAKE-128 168) and covers the inputs the schemes hash:
// ML-KEM-768's ciphertext with z (1120) and ek (1184), ML-DSA-65's pk (1952).
var hashLengths = []int{0, 1, 31, 32, 33, 71, 72, 73, 135, 136, 137, 143, 144, 145, 271, 272, 273, 1120, 1184, 1952}

// hashCase is one hash job and what crypto/sha3 says it must produce.
type hashCase struct {
	name      string
	out, want []byte
	in0, in1  []byte
	job       func(out, in0, in1 []byte) Job
}

func newHashCases(rng *rand.ChaCha8) []hashCase {
	var cases []hashCase
	for _, n := range hashLengths {
		in := make([]byte, n)
		rng.Read(in)
		split := 0
		if n > 0 {
			split = int(rng.Uint64() % uint64(n+1))
		}
		in0, in1 := in[:split], in[split:]
		s256, s512 := sha3.Sum256(in), sha3.Sum512(in)
		cases = append(cases,
			hashCase{fmt.Sprintf("SHA3-256/len=%d", n), make([]byte, 32), s256[:], in0, in1,
				func(out, a, b []byte) Job { return Sum256Job((*[32]byte)(out), a, b) }},
			hashCase{fmt.Sprintf("SHA3-512/len=%d", n), make([]byte, 64), s512[:], in0, in1,
				func(out, a, b []byte) Job { return Sum512Job((*[64]byte)(out), a, b) }},
		)
		for _, m := range []int{32, 64, 136, 137, 300} {
			cases = append(cases, hashCase{fmt.Sprintf("SHAKE-256/len=%d/out=%d", n, m), make([]byte, m),
				sha3.SumSHAKE256(in, m), in0, in1, SHAKE256Job})
		}
	}
	return cases
}

// TestRunHashesMatchSHA3 runs every hash case through one Run, so lanes
// are refilled with jobs of other rates and paddings while long inputs are
// still absorbing, and compares each output with crypto/sha3.
func TestRunHashesMatchSHA3(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		cases := newHashCases(newRand(t))
		jobs := make([]Job, len(cases))
		for i, c := range cases {
			jobs[i] = c.job(c.out, c.in0, c.in1)
		}
		Run(jobs)
		for _, c := range cases {
			assert.Equal(t, c.want, c.out, c.name)
		}
		assert.Equal(t, make([]Job, len(jobs)), jobs, "Run must clear the jobs")
	})
}

// TestRunMixedJobsMatchOracles shuffles jobs of every sampler with hash
// jobs and checks each result against the FIPS pseudocode oracles and
// crypto/sha3: a lane's result must not depend on what the other lanes run.
// Even rounds draw samplers only (runSamplers), odd ones start with a hash
// (run's general loop).
func TestRunMixedJobsMatchOracles(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		src := newRand(t)
		rng := rand.New(src)
		for round := range 20 {
			type check struct {
				name string
				want [256]int
				got  func() [256]int
			}
			var (
				jobs   []Job
				checks []check
			)
			add := func(j Job, c check) { jobs = append(jobs, j); checks = append(checks, c) }
			for range 1 + rng.IntN(12) {
				var rho32 [32]byte
				var rho64 [64]byte
				src.Read(rho32[:])
				src.Read(rho64[:])
				a, b := byte(rng.Uint64()), byte(rng.Uint64())
				nonce := uint16(rng.Uint64())
				kind := rng.IntN(10)
				switch {
				case round%2 == 0: // samplers only: Run takes runSamplers
					for kind == 7 || kind == 8 {
						kind = rng.IntN(10)
					}
				case len(jobs) == 0: // a hash first: Run takes the general loop
					kind = 7
				}
				switch kind {
				case 0:
					dst := new(poly.NTTPoly16)
					add(SampleNTTJob(dst, &rho32, a, b), check{"SampleNTT", oracleSampleNTT(append(rho32[:], a, b)), func() [256]int { return ints16(dst) }})
				case 1, 2:
					eta := 2 + rng.IntN(2)
					dst := new(poly.Poly16)
					add(SampleNoiseJob(dst, &rho32, a, eta), check{fmt.Sprintf("SampleNoise/eta=%d", eta), oracleCBD(oraclePRF(rho32[:], a, eta), eta), func() [256]int { return ints16(dst) }})
				case 3:
					dst := new(poly.NTTPoly32)
					add(RejNTTPolyJob(dst, &rho32, a, b), check{"RejNTTPoly", oracleRejNTTPoly(append(rho32[:], a, b)), func() [256]int { return ints32(dst) }})
				case 9: // FIPS order: the values as sampled, not converted back
					dst := new(poly.NTTPoly32)
					add(RejNTTPolyFIPSJob(dst, &rho32, a, b), check{"RejNTTPolyFIPS", oracleRejNTTPoly(append(rho32[:], a, b)), func() [256]int { return ints32((*[256]int32)(dst)) }})
				case 4, 5:
					eta := []int{2, 4}[rng.IntN(2)]
					dst := new(poly.Poly32)
					add(RejBoundedPolyJob(dst, &rho64, nonce, eta), check{fmt.Sprintf("RejBoundedPoly/eta=%d", eta), oracleRejBoundedPoly(append(rho64[:], byte(nonce), byte(nonce>>8)), eta), func() [256]int { return ints32(dst) }})
				case 6:
					gamma1 := []int{1 << 17, 1 << 19}[rng.IntN(2)]
					dst := new(poly.Poly32)
					add(ExpandMaskJob(dst, &rho64, nonce, gamma1), check{fmt.Sprintf("ExpandMask/gamma1=%d", gamma1), oracleExpandMask(rho64[:], int(nonce), 1, gamma1)[0], func() [256]int { return ints32(dst) }})
				default:
					cases := newHashCases(src)
					c := cases[rng.IntN(len(cases))]
					for len(c.out) > 256 { // the check holds 256 values
						c = cases[rng.IntN(len(cases))]
					}
					var want, got [256]int
					for i, v := range c.want {
						want[i] = int(v)
					}
					add(c.job(c.out, c.in0, c.in1), check{c.name, want, func() [256]int {
						for i, v := range c.out {
							got[i] = int(v)
						}
						return got
					}})
				}
			}
			Run(jobs)
			for i, c := range checks {
				if !assert.Equal(t, c.want, c.got(), "round %d, job %d: %s", round, i, c.name) {
					return
				}
			}
		}
	})
}

// TestRunSkipsZeroJobs: zero Jobs anywhere in the list are skipped.
func TestRunSkipsZeroJobs(t *testing.T) {
	var rho [32]byte
	var got, want poly.NTTPoly16
	SampleNTT(&want, &rho, 1, 2)
	jobs := []Job{{}, {}, SampleNTTJob(&got, &rho, 1, 2), {}}
	Run(jobs)
	assert.Equal(t, want, got)
	Run(nil)
	Run(make([]Job, 3))
}

// TestRunZeroAllocations builds the jobs in a local array, the pattern the
// schemes use: neither the array nor the destinations may escape.
func TestRunZeroAllocations(t *testing.T) {
	var rho [32]byte
	in := make([]byte, 1184)
	allocs := testing.AllocsPerRun(20, func() {
		var (
			a    [9]poly.NTTPoly16
			e    [6]poly.Poly16
			h    [32]byte
			jobs [16]Job
		)
		jobs[0] = Sum256Job(&h, in, nil)
		for i := range 9 {
			jobs[1+i] = SampleNTTJob(&a[i], &rho, byte(i), 0)
		}
		for i := range 6 {
			jobs[10+i] = SampleNoiseJob(&e[i], &rho, byte(i), 2)
		}
		Run(jobs[:])
		sink += int32(a[8][0]) + int32(e[5][0]) + int32(h[0])
	})
	require.Zero(t, allocs)
}

// heldCase is one held hash job: its input is released in pieces, one
// piece each time one of the filler jobs is done.
type heldCase struct {
	hashCase
	cuts []int // ready lengths released in turn, ending with the input's length
	buf  []byte
}

// TestRunFuncHeldHashesMatchSHA3 runs hash jobs whose input is released in
// pieces from the done callback of SampleNTT filler jobs (the pattern of
// H(ek) in ML-KEM key generation): cut points fall before, on and after
// block boundaries, several held jobs are set aside at once, and each
// piece of input is written only when it is released, so a job absorbing
// beyond its ready prefix would hash zeros and fail the comparison with
// crypto/sha3. It also checks that done reports every job exactly once,
// after its output is complete.
func TestRunFuncHeldHashesMatchSHA3(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		src := newRand(t)
		rng := rand.New(src)
		for round := range 40 {
			all := newHashCases(src)
			var held []*heldCase
			for range 1 + rng.IntN(lanes) {
				c := all[rng.IntN(len(all))]
				in := append(append([]byte(nil), c.in0...), c.in1...)
				h := &heldCase{hashCase: c, buf: make([]byte, len(in))}
				for range rng.IntN(4) {
					h.cuts = append(h.cuts, rng.IntN(len(in)+1))
				}
				h.cuts = append(h.cuts, len(in))
				for i := 1; i < len(h.cuts); i++ { // release lengths only grow
					h.cuts[i] = max(h.cuts[i], h.cuts[i-1])
				}
				h.in0 = in
				held = append(held, h)
			}
			// Fillers: enough SampleNTT jobs to release every piece.
			var rho [32]byte
			src.Read(rho[:])
			nFill := 0
			for _, h := range held {
				nFill += len(h.cuts)
			}
			nFill += rng.IntN(6)
			fill := make([]poly.NTTPoly16, nFill)
			jobs := make([]Job, 0, len(held)+nFill)
			for _, h := range held {
				jb := h.job(h.out, h.buf, nil)
				jb.SetReady(0)
				jobs = append(jobs, jb)
			}
			for i := range fill {
				jobs = append(jobs, SampleNTTJob(&fill[i], &rho, byte(i), byte(round)))
			}
			// release hands out the next piece of the first held job that
			// has one left.
			release := func() {
				for hi, h := range held {
					if len(h.cuts) == 0 {
						continue
					}
					n := h.cuts[0]
					h.cuts = h.cuts[1:]
					copy(h.buf, h.in0[:n])
					jobs[hi].SetReady(n)
					return
				}
			}
			seen := make([]int, len(jobs))
			RunFunc(jobs, func(j int) {
				seen[j]++
				if j >= len(held) {
					var want poly.NTTPoly16
					SampleNTT(&want, &rho, byte(j-len(held)), byte(round))
					require.Equal(t, want, fill[j-len(held)], "round %d: filler %d reported before its output was complete", round, j)
					release()
					return
				}
				require.Equal(t, held[j].want, held[j].out, "round %d: held job %d reported before its output was complete", round, j)
			})
			for j, n := range seen {
				require.Equal(t, 1, n, "round %d: job %d reported %d times", round, j, n)
			}
			for _, h := range held {
				require.Equal(t, h.want, h.out, "round %d: %s", round, h.name)
			}
		}
	})
}

// TestRunFuncHeldWithoutFillers: a held job released in full before the
// run needs no other job, and one partly released job with an early piece
// absorbs that piece, waits, and finishes once a filler releases the rest.
func TestRunFuncHeldWithoutFillers(t *testing.T) {
	in := make([]byte, 1184)
	for i := range in {
		in[i] = byte(i)
	}
	want := sha3.Sum256(in)
	var got [32]byte
	jobs := []Job{Sum256Job(&got, in, nil)}
	jobs[0].SetReady(len(in))
	RunFunc(jobs, nil)
	assert.Equal(t, want, got)

	var rho [32]byte
	var f poly.NTTPoly16
	got = [32]byte{}
	jobs = []Job{Sum256Job(&got, in, nil), SampleNTTJob(&f, &rho, 0, 0)}
	jobs[0].SetReady(300)
	RunFunc(jobs, func(j int) {
		if j == 1 {
			jobs[0].SetReady(len(in))
		}
	})
	assert.Equal(t, want, got)
}

// TestRunFuncPanicsOnStarvedJob: a held job whose input is never released
// must not spin: RunFunc panics once nothing else can run.
func TestRunFuncPanicsOnStarvedJob(t *testing.T) {
	var h [32]byte
	var rho [32]byte
	var f poly.NTTPoly16
	in := make([]byte, 500)
	for _, withFiller := range []bool{false, true} {
		t.Run(fmt.Sprintf("filler=%v", withFiller), func(t *testing.T) {
			jobs := []Job{Sum256Job(&h, in, nil)}
			if withFiller {
				jobs = append(jobs, SampleNTTJob(&f, &rho, 0, 0))
			}
			jobs[0].SetReady(200)
			assert.PanicsWithValue(t, "sample: RunFunc: a held job's input was never released", func() { RunFunc(jobs, nil) })
		})
	}
}

// TestSetReadyRejects: SetReady is for hash jobs, within their input.
func TestSetReadyRejects(t *testing.T) {
	var h [32]byte
	var rho [32]byte
	var f poly.NTTPoly16
	in := make([]byte, 10)
	jb := Sum256Job(&h, in, in)
	assert.NotPanics(t, func() { jb.SetReady(20) })
	assert.Panics(t, func() { jb.SetReady(21) })
	assert.Panics(t, func() { jb.SetReady(-1) })
	s := SampleNTTJob(&f, &rho, 0, 0)
	assert.Panics(t, func() { s.SetReady(0) })
}

// TestRunFuncZeroAllocations: a callback closure over local state and a
// held job, as in ML-KEM key generation, allocate nothing.
func TestRunFuncZeroAllocations(t *testing.T) {
	var rho [32]byte
	in := make([]byte, 1184)
	allocs := testing.AllocsPerRun(20, func() {
		var (
			a    [9]poly.NTTPoly16
			h    [32]byte
			jobs [10]Job
		)
		jobs[0] = Sum256Job(&h, in, nil)
		jobs[0].SetReady(0)
		for i := range 9 {
			jobs[1+i] = SampleNTTJob(&a[i], &rho, byte(i), 0)
		}
		done := 0
		RunFunc(jobs[:], func(j int) {
			if j > 0 {
				done++
				jobs[0].SetReady(min(len(in), done*140))
				if done == 9 {
					jobs[0].SetReady(len(in))
				}
			}
		})
		sink += int32(a[8][0]) + int32(h[0])
	})
	require.Zero(t, allocs)
}

// TestRunFuncPanicsOnFiveHeld: four slots hold set-aside jobs; a fifth
// held job waiting at the same time is a caller error, reported as such.
func TestRunFuncPanicsOnFiveHeld(t *testing.T) {
	var h [5][32]byte
	in := make([]byte, 300)
	var jobs [5]Job
	for i := range jobs {
		jobs[i] = Sum256Job(&h[i], in, nil)
		jobs[i].SetReady(10)
	}
	assert.PanicsWithValue(t, "sample: RunFunc: more than four held jobs set aside at once", func() { RunFunc(jobs[:], nil) })
}

// TestRunFuncLater: placeholders filled by the done callback of the job
// whose output their inputs need (ML-KEM's G, then the noise from its r),
// beside a job that runs throughout (J), give what the same jobs give when
// computed one Run after another; a placeholder replaced by the zero Job is
// skipped.
func TestRunFuncLater(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		rng := newRand(t)
		for round := range 20 {
			var seed [33]byte
			rng.Read(seed[:])
			long := make([]byte, 1088)
			rng.Read(long)
			// Reference: G first, then the noise and J.
			var g [64]byte
			var wantNoise [5]poly.Poly16
			var wantJ [32]byte
			ref := []Job{Sum512Job(&g, seed[:], nil)}
			Run(ref)
			ref = []Job{SHAKE256Job(wantJ[:], long, nil)}
			for i := range wantNoise {
				ref = append(ref, SampleNoiseJob(&wantNoise[i], (*[32]byte)(g[32:]), byte(i), 2+i%2))
			}
			Run(ref)

			var g2 [64]byte
			var noise [5]poly.Poly16
			var j2 [32]byte
			jobs := []Job{Sum512Job(&g2, seed[:], nil), SHAKE256Job(j2[:], long, nil), Later(), Later(), Later(), Later(), Later(), Later()}
			RunFunc(jobs, func(j int) {
				if j != 0 {
					return
				}
				for i := range noise {
					jobs[2+i] = SampleNoiseJob(&noise[i], (*[32]byte)(g2[32:]), byte(i), 2+i%2)
				}
				jobs[7] = Job{} // a placeholder not needed after all
			})
			require.Equal(t, g, g2, "round %d: G", round)
			require.Equal(t, wantJ, j2, "round %d: J", round)
			require.Equal(t, wantNoise, noise, "round %d: noise", round)
		}
	})
}

// TestRunFuncPanicsOnUnfilledLater: a placeholder nothing fills must not
// stall the run.
func TestRunFuncPanicsOnUnfilledLater(t *testing.T) {
	var h [32]byte
	jobs := []Job{Sum256Job(&h, nil, nil), Later()}
	assert.PanicsWithValue(t, "sample: RunFunc: a Later placeholder was never filled", func() { RunFunc(jobs, nil) })
	assert.Panics(t, func() { l := Later(); l.SetReady(0) })
}

// TestRunFuncLaterBuffers: a placeholder may become a PRF_3 job, whose
// output the PRF_3-sized buffers hold, and an ExpandMask job only beside
// another; otherwise RunFunc panics instead of overrunning a buffer.
func TestRunFuncLaterBuffers(t *testing.T) {
	var rho [64]byte
	var sigma [32]byte
	var got, want poly.Poly16
	SampleNoise(&want, &sigma, 7, 3)
	var h [32]byte
	jobs := []Job{Sum256Job(&h, nil, nil), Later()}
	RunFunc(jobs, func(j int) {
		if j == 0 {
			jobs[1] = SampleNoiseJob(&got, &sigma, 7, 3)
		}
	})
	assert.Equal(t, want, got)

	var m, wantMask [2]poly.Poly32
	ExpandMask(wantMask[:], &rho, 0, 1<<19)
	jobs = []Job{ExpandMaskJob(&m[0], &rho, 0, 1<<19), Later()}
	RunFunc(jobs, func(j int) {
		if j == 0 {
			jobs[1] = ExpandMaskJob(&m[1], &rho, 1, 1<<19)
		}
	})
	assert.Equal(t, wantMask, m)

	jobs = []Job{Sum256Job(&h, nil, nil), Later()}
	assert.PanicsWithValue(t, "sample: RunFunc: a Later placeholder became an ExpandMask job in a list without one", func() {
		RunFunc(jobs, func(j int) {
			if j == 0 {
				jobs[1] = ExpandMaskJob(&m[1], &rho, 1, 1<<19)
			}
		})
	})
}

// TestRunLoneHash: a list of one hash job takes hashAlone's one-lane
// sponge, on every Keccak backend; it must give crypto/sha3's output (every
// input length of newHashCases, SHAKE-256 outputs of up to three blocks),
// clear the job, call done once and allocate nothing.
func TestRunLoneHash(t *testing.T) {
	forEachKeccak(t, func(t *testing.T) {
		for _, c := range newHashCases(newRand(t)) {
			jobs := []Job{c.job(c.out, c.in0, c.in1)}
			calls := 0
			RunFunc(jobs, func(j int) { calls++; assert.Zero(t, j) })
			assert.Equal(t, c.want, c.out, c.name)
			assert.Equal(t, 1, calls, c.name)
			assert.Equal(t, Job{}, jobs[0], "%s: the job must be cleared", c.name)
		}
	})
	in := make([]byte, 832)
	var out [48]byte
	allocs := testing.AllocsPerRun(20, func() {
		jobs := [1]Job{SHAKE256Job(out[:], in, nil)}
		Run(jobs[:])
	})
	require.Zero(t, allocs)
}
