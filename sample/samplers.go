package sample

import "math/bits"

// runSamplers is run for a list of sampler jobs (and zero Jobs) without a
// done callback: SampleMatrix, ExpandA, SampleNoiseVector, ExpandS, the
// single samplers. With no hash to absorb, no held job and no callback
// that could fill a placeholder, each round only refills the lanes whose
// jobs ended, permutes and hands out one output block per lane; the
// general loop's bookkeeping cost about 1 000 instructions a round. The
// buffers fit every job (RunFunc sized them by this list). Timing as for
// run: which lane a job takes depends on the earlier jobs' rejection loop
// counts only.
func runSamplers(jobs []Job, bufs []byte, size int) {
	var (
		x      shakeX4
		ls     [lanes]laneState
		blocks [lanes][rate128]byte
	)
	x.impl = keccakDefault
	next, active := 0, uint8(0)
	for {
		for free := ^active & 0xf; free != 0; free &= free - 1 {
			if next = skipZero(jobs, next); next == len(jobs) {
				break
			}
			l := bits.TrailingZeros8(free) & 3
			x.startSampler(l, &ls[l], &jobs[next], next)
			active |= 1 << l
			next++
		}
		if active == 0 {
			break
		}
		words := 0
		for sq := active; sq != 0; sq &= sq - 1 {
			words = max(words, ls[bits.TrailingZeros8(sq)&3].rate/8)
		}
		x.impl.permute(&x.a, &x.tmp, active)
		x.extractBlocks(&blocks, active, words)
		for sq := active; sq != 0; sq &= sq - 1 {
			l := bits.TrailingZeros8(sq) & 3
			s := &ls[l]
			if consume(&jobs[s.job], s, &blocks[l], bufs, l*size) {
				active &^= 1 << l
			}
		}
	}
	x.clear()
	clear(blocks[:])
	clear(jobs)
}
