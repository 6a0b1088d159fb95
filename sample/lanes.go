package sample

import (
	"math/bits"
	"sync/atomic"
)

// lanesFor returns how many of the n lanes a States offers (four, or nine
// with the AVX-512 kernels) Run uses for jobs: four, eight (both groups of
// interleaved states) or nine (and the state permuted in general-purpose
// registers beside them), whichever a simulation of Run (runCost) finds
// cheapest. More lanes start jobs sooner, but their kernels cost more per
// permutation and their buffers more to clear: eight lanes pay where they
// save a permutation, or where the short jobs beside a long hash end sooner
// and leave it to run alone on the cheaper lone-state kernel. The choice
// depends on the jobs' kinds, hash lengths and waits only, so it is made
// once per list shape and remembered (laneChoices); it affects the speed
// of Run, never its results.
func lanesFor(jobs []Job, n int) int {
	if n <= 4 || len(jobs) <= 4 { // four lanes start every job at once
		return min(n, 4)
	}
	key := listShape(jobs) &^ 0xf
	e := &laneChoices[key>>(64-laneChoiceBits)]
	if v := e.Load(); v != 0 && v&^0xf == key {
		return int(v & 0xf)
	}
	lanes, cost := 4, runCost(jobs, 4)
	for _, m := range [...]int{8, 9} {
		if c := runCost(jobs, m) + wideCost; c < cost {
			lanes, cost = m, c
		}
	}
	e.Store(key | uint64(lanes))
	return lanes
}

// laneChoices remembers lanesFor's choices: entry i holds the shape of a
// list (listShape, bits 4 and up) whose top laneChoiceBits bits are i, and
// the lane count chosen for it (bits 0–3; 0 for an empty entry). A list
// whose shape collides with another's is simulated again and takes the
// entry over.
var laneChoices [1 << laneChoiceBits]atomic.Uint64

const laneChoiceBits = 6

// listShape returns a 64-bit hash of what lanesFor's choice depends on:
// the number of jobs and, for each, its kind, the job it waits for and its
// hash input and output lengths (all public).
func listShape(jobs []Job) uint64 {
	h := uint64(len(jobs))
	for i := range jobs {
		jb := &jobs[i]
		v := uint64(jb.kind) | uint64(jb.after)<<8 | uint64(jb.in.Len())<<16 | uint64(len(jb.out))<<40
		h = bits.RotateLeft64((h^v)*0x9e3779b97f4a7c15, 29)
	}
	return h * 0xbf58476d1ce4e5b9
}

// Relative costs of one step of Run, in hundredths of a four-state
// permutation, by the lanes it permutes (measured on Zen 5): a lone lane;
// one group of four (with the ninth lane: +3); both groups (+5); the ninth
// lane beside both (+4 more). wideCost is the fixed cost of a run on more
// than four lanes: its larger buffers to zero and clear.
const (
	loneCost  = 75
	groupCost = 100
	ninthCost = 3
	bothCost  = 5
	wideCost  = 20
)

// runCost simulates Run on m lanes, each job taking its typical number of
// permutations (Job.perms) and going, in list order once the job it waits
// for is done, to the lowest free lane, and returns the sum of the costs of
// its steps.
func runCost(jobs []Job, m int) int {
	var (
		left [maxLanes]int // permutations left to the lane's job; 0: free
		job  [maxLanes]int // the lane's job
		done [256]bool     // jobs finished (After refers to the first 255)
	)
	cost, next := 0, 0
	for {
		for l := 0; l < m; l++ {
			if left[l] != 0 {
				continue
			}
			if next = skipZero(jobs, next); next == len(jobs) {
				break
			}
			if d := int(jobs[next].after) - 1; d >= 0 && !done[d] {
				break
			}
			left[l], job[l] = max(jobs[next].perms(), 1), next
			next++
		}
		active := uint16(0)
		for l := range m {
			if left[l] != 0 {
				active |= 1 << l
			}
		}
		if active == 0 {
			return cost
		}
		cost += stepCost(active)
		for l := range m {
			if left[l] != 0 {
				if left[l]--; left[l] == 0 && job[l] < len(done) {
					done[job[l]] = true
				}
			}
		}
	}
}

// stepCost returns the cost of one step of Run that permutes the lanes set
// in active.
func stepCost(active uint16) int {
	switch {
	case active&(active-1) == 0:
		return loneCost
	case active&0x0f != 0 && active&0xf0 != 0:
		return groupCost + bothCost + ninthCost*int(active>>8&1)
	}
	return groupCost + ninthCost*int(active>>8&1)
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
