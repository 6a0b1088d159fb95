package sample

import (
	"crypto/sha3"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
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
	ntttest.ForEachBackend(t, func(t *testing.T) {
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
// Even rounds draw samplers only, odd ones start with a hash.
func TestRunMixedJobsMatchOracles(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
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
				kind := rng.IntN(9)
				switch {
				case round%2 == 0: // samplers only
					for kind == 7 || kind == 8 {
						kind = rng.IntN(9)
					}
				case len(jobs) == 0: // a hash first
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

// TestRunAfter runs lists in which jobs wait for others (Job.After): noise
// samplers seeded by the output of a SHA3-512 job, as K-PKE.Encrypt's noise
// is by G, beside a long SHAKE-256 job that waits for nothing, as J does in
// ML-KEM decapsulation; and a chain of hashes, each over the output of the
// one before. Every output is checked against crypto/sha3 and the
// pseudocode oracles, computed one after the other.
func TestRunAfter(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(t)
		for _, eta := range []int{2, 3} {
			for _, jLen := range []int{0, 800, 1120, 1600} {
				m := make([]byte, 64)
				rng.Read(m)
				zc := make([]byte, jLen)
				rng.Read(zc)
				var g [64]byte
				var j [32]byte
				var noise [9]poly.Poly16
				jobs := []Job{Sum512Job(&g, m, nil), SHAKE256Job(j[:], zc, nil)}
				r := (*[32]byte)(g[32:])
				for i := range noise {
					jobs = append(jobs, SampleNoiseJob(&noise[i], r, byte(i), eta))
					jobs[len(jobs)-1].After(0)
				}
				Run(jobs)
				wantG := sha3.Sum512(m)
				require.Equal(t, wantG, g)
				require.Equal(t, sha3.SumSHAKE256(zc, 32), j[:])
				for i := range noise {
					require.Equal(t, oracleCBD(oraclePRF(wantG[32:], byte(i), eta), eta), ints16(&noise[i]), "η=%d, J of %d bytes, noise %d", eta, jLen, i)
				}
				assert.Equal(t, make([]Job, len(jobs)), jobs, "Run must clear the jobs")
			}
		}
		// A chain: h[i] = SHA3-256(h[i−1]), beside samplers that need nothing.
		var h [6][32]byte
		var seed [32]byte
		rng.Read(seed[:])
		var a [5]poly.NTTPoly16
		jobs := []Job{Sum256Job(&h[0], seed[:], nil)}
		for i := 1; i < len(h); i++ {
			jobs = append(jobs, Sum256Job(&h[i], h[i-1][:], nil))
			jobs[len(jobs)-1].After(len(jobs) - 2)
		}
		for i := range a {
			jobs = append(jobs, SampleNTTJob(&a[i], &seed, byte(i), 0))
		}
		Run(jobs)
		want := sha3.Sum256(seed[:])
		for i := range h {
			require.Equal(t, want, h[i], "link %d", i)
			want = sha3.Sum256(want[:])
		}
		for i := range a {
			require.Equal(t, oracleSampleNTT(append(seed[:], byte(i), 0)), ints16(&a[i]))
		}
	})
}

// TestRunAfterPanics: After refuses an index outside 0 … 254, and Run a
// job that waits for a job later in the list (it would wait forever).
func TestRunAfterPanics(t *testing.T) {
	var out [32]byte
	jb := Sum256Job(&out, nil, nil)
	assert.Panics(t, func() { jb.After(-1) })
	assert.Panics(t, func() { jb.After(255) })
	assert.NotPanics(t, func() { jb.After(254) })
	var out2 [32]byte
	jobs := []Job{Sum256Job(&out, nil, nil), Sum256Job(&out2, nil, nil)}
	jobs[0].After(1)
	assert.Panics(t, func() { Run(jobs) })
}

// TestRunAfterZeroAllocations: a list with waiting jobs, built in a local
// array as the schemes build theirs, allocates nothing.
func TestRunAfterZeroAllocations(t *testing.T) {
	in := make([]byte, 1120)
	allocs := testing.AllocsPerRun(20, func() {
		var (
			g     [64]byte
			j     [32]byte
			noise [7]poly.Poly16
			jobs  [9]Job
		)
		jobs[0] = Sum512Job(&g, in[:64], nil)
		jobs[1] = SHAKE256Job(j[:], in, nil)
		for i := range noise {
			jobs[2+i] = SampleNoiseJob(&noise[i], (*[32]byte)(g[32:]), byte(i), 2)
			jobs[2+i].After(0)
		}
		Run(jobs[:])
		sink += int32(noise[6][0]) + int32(j[0])
	})
	require.Zero(t, allocs)
}

// TestRunLoneHash: a list of one hash job takes the one-lane sponge
// (keccak.Sum), on every Keccak backend; it must give crypto/sha3's output
// (every input length of newHashCases, SHAKE-256 outputs of up to three
// blocks), clear the job and allocate nothing.
func TestRunLoneHash(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, c := range newHashCases(newRand(t)) {
			jobs := []Job{c.job(c.out, c.in0, c.in1)}
			Run(jobs)
			assert.Equal(t, c.want, c.out, c.name)
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

// TestSampleNoiseNTTJob checks the transformed noise job against the FIPS
// pseudocode oracle of SamplePolyCBD(PRF) followed by the NTT, on every
// kernel, for both η, in a batch beside untransformed noise of the same
// seeds.
func TestSampleNoiseNTTJob(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(t)
		for _, eta := range []int{2, 3} {
			var sigma [32]byte
			rng.Read(sigma[:])
			var plain [5]poly.Poly16
			var hat [5]poly.NTTPoly16
			var jobs [10]Job
			for i := range 5 {
				jobs[2*i] = SampleNoiseNTTJob(&hat[i], &sigma, byte(i), eta)
				jobs[2*i+1] = SampleNoiseJob(&plain[i], &sigma, byte(i), eta)
			}
			Run(jobs[:])
			for i := range 5 {
				var want poly.Poly16
				for j, c := range oracleCBD(oraclePRF(sigma[:], byte(i), eta), eta) {
					want[j] = int16(c)
				}
				require.Equal(t, want, plain[i], "η=%d, noise %d", eta, i)
				require.Equal(t, *want.NTT(), hat[i], "η=%d, NTT of noise %d", eta, i)
			}
		}
	})
}

// TestLanesFor checks the lane count Run chooses where nine lanes are
// offered, on lists whose costs are worked out by hand from the typical
// permutation counts of Job.perms (SampleNTT 3, RejNTTPoly 5, PRF_2 1,
// PRF_3 2; a hash one per block of padded input) and the step costs of
// runCost (lone lane 75, one group 100, both 105, the ninth lane +3 or +4,
// a run on more than four lanes +20):
//   - 7 one-permutation jobs: 200 on four lanes, 105+20 on eight: eight;
//   - 9 of them: 275 on four, 105+75+20 on eight, 109+20 on nine: nine;
//   - SHA3-512 then 2 PRF_3 and 3 PRF_2 jobs that wait for it (ML-KEM-512
//     encryption): 75+100+100 on four, 75+105+100+20 on eight: four;
//   - SHA3-512 then 9 PRF_2 jobs that wait for it (ML-KEM-1024
//     encryption): 75+100+100+75 on four, 75+105+75+20 on eight,
//     75+109+20 on nine: nine;
//   - SHA3-512, a 12-block SHAKE-256 and 9 PRF_2 jobs that wait for the
//     first (ML-KEM-1024 decapsulation): 100+300+8·75 on four,
//     100+105+100+9·75+20 on eight, 100+109+100+9·75+20 on nine: four;
//   - the same with a 9-block SHAKE-256 and 7 PRF_2 jobs (ML-KEM-768):
//     100+300+5·75 on four, 100+105+7·75+20 on eight: eight;
//   - 4 SampleNTT then 4 PRF_3 jobs: 500 on four lanes, 210+100+20 on
//     eight: eight;
//   - 16 RejNTTPoly jobs: 2000 on four, 10·105+20 on eight, 5·109+5·105+20
//     on nine: eight;
//   - 18 SampleNTT jobs: 6·105+3·100+20 on eight, 6·109+20 on nine: nine;
//   - with four lanes offered, four.
func TestLanesFor(t *testing.T) {
	var rho, sigma [32]byte
	var p16 poly.Poly16
	var n16 poly.NTTPoly16
	var n32 poly.NTTPoly32
	var g [64]byte
	repeat := func(n int, jb Job) []Job {
		jobs := make([]Job, n)
		for i := range jobs {
			jobs[i] = jb
		}
		return jobs
	}
	prf2 := SampleNoiseJob(&p16, &sigma, 0, 2)
	prf3 := SampleNoiseJob(&p16, &sigma, 0, 3)
	waiting := func(jobs ...[]Job) []Job { // the jobs after the first wait for it
		all := []Job{Sum512Job(&g, sigma[:], rho[:])}
		for _, js := range jobs {
			all = append(all, js...)
		}
		for i := range all {
			if all[i].kind != hashSHAKE256 && i > 0 {
				all[i].After(0)
			}
		}
		return all
	}
	j12 := SHAKE256Job(make([]byte, 32), sigma[:], make([]byte, 1568))
	j9 := SHAKE256Job(make([]byte, 32), sigma[:], make([]byte, 1088))
	for _, c := range []struct {
		name    string
		jobs    []Job
		offered int
		want    int
	}{
		{"7 short", repeat(7, prf2), 9, 8},
		{"9 short", repeat(9, prf2), 9, 9},
		{"encryption, k = 2", waiting(repeat(2, prf3), repeat(3, prf2)), 9, 4},
		{"encryption, k = 4", waiting(repeat(9, prf2)), 9, 9},
		{"decapsulation, k = 4", waiting([]Job{j12}, repeat(9, prf2)), 9, 4},
		{"decapsulation, k = 3", waiting([]Job{j9}, repeat(7, prf2)), 9, 8},
		{"4 SampleNTT and 4 PRF_3", append(repeat(4, SampleNTTJob(&n16, &rho, 0, 0)), repeat(4, prf3)...), 9, 8},
		{"16 RejNTTPoly", repeat(16, RejNTTPolyJob(&n32, &rho, 0, 0)), 9, 8},
		{"18 SampleNTT", repeat(18, SampleNTTJob(&n16, &rho, 0, 0)), 9, 9},
		{"four offered", repeat(9, prf2), 4, 4},
	} {
		assert.Equal(t, c.want, lanesFor(c.jobs, c.offered), c.name)
		assert.Equal(t, c.want, lanesFor(c.jobs, c.offered), "%s, remembered", c.name)
	}
}
