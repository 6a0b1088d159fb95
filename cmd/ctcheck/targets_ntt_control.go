package main

import (
	"math/rand/v2"

	"github.com/moduletto/moduletto/ntt"
)

// The int32 NTT controls. ntt-forward32 and ntt-inverse32 (zero vs uniform
// polynomial) gave |t| of 5–18 on the AVX2 backend, though the kernels are
// straight-line code with fixed addresses. These targets ask what the
// harness and the memory placement do when the data are equal (the
// follow-up in results-2026-11-30.md has their results):
//
//   - -same: one fixed uniform polynomial (drawn once per run) in both
//     classes, in the shared slots of the main target: the classes differ
//     only in their label (the null control; placement is random per
//     measurement, as in the main target, because the class of each slot is
//     drawn per measurement).
//   - -bufs: the same fixed polynomial, but class 0 runs in buffer A and
//     class 1 in buffer B, two allocations (A first) with the same slot
//     layout: placement tied to the class.
//   - -bufs-swapped: as -bufs with the buffers exchanged (class 0 in B).
//     If a -bufs difference follows the buffer, its sign flips here.
//   - -fixed: zero vs the fixed polynomial in shared slots: zero against
//     one nonzero input, without the variation of the random class.
//   - -random2: uniform vs uniform (independent draws) in shared slots: the
//     null control with varying data (drawing 2048 coefficients per
//     measurement makes a chunk's preparation several times as long as
//     its timing).
//   - -prepcost: the same fixed polynomial in both classes, but class 1's
//     preparation first draws a uniform polynomial into the slot (then
//     overwritten): the difference in preparation cost that the main
//     targets had before zeroVsRandom equalised it, without any difference
//     in the data. -prepcost8 draws 8 polynomials (a larger difference).
func nttControlTargets() []target {
	var out []target
	for _, op := range []struct {
		name, what string
		random     func(*rand.Rand, *[256]int32)
		run        func([][256]int32)
	}{
		{"ntt-forward32", "ntt.Forward32, uniform |p[i]| < q", uniformForward32, forward32s},
		{"ntt-inverse32", "ntt.InverseMont32, uniform |p[i]| < 2^23", uniformInverse32, inverse32s},
	} {
		out = append(out,
			twoBufTarget(op.name+"-same", "the same fixed polynomial in both classes, shared slots (null control); "+op.what,
				sharedBuf, sameFixed, op.random, op.run),
			twoBufTarget(op.name+"-bufs", "the same fixed polynomial, class 0 in buffer A, class 1 in buffer B (A allocated first); "+op.what,
				[2]int{0, 1}, sameFixed, op.random, op.run),
			twoBufTarget(op.name+"-bufs-swapped", "the same fixed polynomial, class 0 in buffer B, class 1 in buffer A (A allocated first); "+op.what,
				[2]int{1, 0}, sameFixed, op.random, op.run),
			twoBufTarget(op.name+"-fixed", "p = 0 vs one fixed polynomial, shared slots; "+op.what,
				sharedBuf, zeroVsFixed, op.random, op.run),
			twoBufTarget(op.name+"-random2", "uniform vs uniform polynomials (independent draws), shared slots (null control); "+op.what,
				sharedBuf, randomVsRandom, op.random, op.run),
			twoBufTarget(op.name+"-prepcost", "the same fixed polynomial in both classes, class 1 first draws a uniform polynomial it discards, shared slots; "+op.what,
				sharedBuf, sameFixedPrepCost, op.random, op.run),
			twoBufTarget(op.name+"-prepcost8", "the same fixed polynomial in both classes, class 1 first draws 8 uniform polynomials it discards, shared slots; "+op.what,
				sharedBuf, sameFixedPrepCost8, op.random, op.run),
		)
	}
	return out
}

// sharedBuf puts both classes in buffer 0, as sliceInstance does.
var sharedBuf = [2]int{0, 0}

// The class contents of a control (see nttControlTargets).
const (
	sameFixed          = iota // the fixed polynomial in both classes
	zeroVsFixed               // zero vs the fixed polynomial
	randomVsRandom            // a fresh uniform polynomial in both classes
	sameFixedPrepCost         // the fixed polynomial; class 1 draws one more
	sameFixedPrepCost8        // the fixed polynomial; class 1 draws 8 more
)

func uniformForward32(r *rand.Rand, p *[256]int32) {
	const q = 8380417
	for i := range p {
		p[i] = int32(r.IntN(2*q-1) - (q - 1))
	}
}

func uniformInverse32(r *rand.Rand, p *[256]int32) {
	for i := range p {
		p[i] = int32(r.IntN(1<<24-1) - (1<<23 - 1))
	}
}

func forward32s(ps [][256]int32) {
	for i := range ps {
		ntt.Forward32(&ps[i])
	}
	sinkP = &ps[0]
}

func inverse32s(ps [][256]int32) {
	for i := range ps {
		ntt.InverseMont32(&ps[i])
	}
	sinkP = &ps[0]
}

// twoBufTarget builds an NTT control: class c's measurements run in buffer
// buf[c] (two allocations of chunk·batch polynomials, 0 first), at the
// slot's offset; contents says what each class holds. The fixed polynomial
// is drawn from the target's random stream once per run.
func twoBufTarget(name, classes string, buf [2]int, contents int, random func(*rand.Rand, *[256]int32), op func([][256]int32)) target {
	return target{
		name:    name,
		classes: classes,
		batch:   8,
		setup: func(rng *rand.Rand, chunk, batch int) (instance, error) {
			var fixed [256]int32
			random(rng, &fixed)
			in := &twoBufInstance{batch: batch, buf: buf, slotBuf: make([]int, chunk), op: op}
			in.bufs[0] = make([][256]int32, chunk*batch)
			in.bufs[1] = make([][256]int32, chunk*batch)
			in.fill = func(r *rand.Rand, cls int, p *[256]int32) {
				switch contents {
				case sameFixed:
					*p = fixed
				case zeroVsFixed:
					*p = fixed
					if cls == 0 {
						*p = [256]int32{}
					}
				case randomVsRandom:
					random(r, p)
				case sameFixedPrepCost, sameFixedPrepCost8:
					draws := 1
					if contents == sameFixedPrepCost8 {
						draws = 8
					}
					for range draws * cls {
						random(r, p)
					}
					*p = fixed
				}
			}
			return in, nil
		},
	}
}

// twoBufInstance is sliceInstance with one buffer per class (or one for
// both): slot i of a measurement of class c is bufs[buf[c]][i·batch:].
type twoBufInstance struct {
	bufs    [2][][256]int32
	buf     [2]int // buffer of each class
	slotBuf []int  // buffer of the measurement prepared in each slot
	batch   int
	fill    func(r *rand.Rand, cls int, p *[256]int32)
	op      func([][256]int32)
}

func (s *twoBufInstance) slot(slot int) [][256]int32 {
	return s.bufs[s.slotBuf[slot]][slot*s.batch : (slot+1)*s.batch]
}

func (s *twoBufInstance) prepare(r *rand.Rand, slot, cls int) {
	s.slotBuf[slot] = s.buf[cls]
	xs := s.slot(slot)
	for i := range xs {
		s.fill(r, cls, &xs[i])
	}
}

func (s *twoBufInstance) run(slot int) { s.op(s.slot(slot)) }
