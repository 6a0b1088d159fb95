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
				switch rng.IntN(9) {
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
