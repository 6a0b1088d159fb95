package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// A target is one operation under test and its two input classes.
type target struct {
	name    string
	classes string // what class 0 and class 1 are, for the report
	batch   int    // default number of calls timed per measurement
	// stream names the random stream the target draws from; targets that
	// share it get the same keys and pools at one seed. Empty: its own name.
	stream string
	// setup builds the inputs that do not change between measurements (keys,
	// pools of pre-selected inputs) and returns an instance with room for
	// chunk measurements of batch calls each.
	setup func(rng *rand.Rand, chunk, batch int) (instance, error)
}

// rng returns the target's random generator for a seed and batch size.
func (t target) rng(seed uint64, batch int) *rand.Rand {
	stream := t.stream
	if stream == "" {
		stream = t.name
	}
	return rand.New(rand.NewPCG(seed, uint64(len(stream))<<32|uint64(batch)))
}

// An instance runs one target. The driver fills the slots of a chunk with
// prepare (untimed, classes in random order), then times run on each slot.
type instance interface {
	// prepare fills slot with the inputs of batch calls, all of class cls.
	prepare(rng *rand.Rand, slot, cls int)
	// run makes the batch calls on slot's inputs. It is the timed part.
	run(slot int)
}

// sliceInstance is the instance of every target here: a slice of chunk·batch
// inputs of type T, a generator for each class and the operation, which
// takes the batch inputs of one slot at once so that the loop over them is
// compiled into the operation (no indirect call per input).
type sliceInstance[T any] struct {
	in    []T
	batch int
	gen   func(rng *rand.Rand, cls int, dst *T)
	op    func(xs []T)
}

func newSliceInstance[T any](chunk, batch int, gen func(*rand.Rand, int, *T), op func([]T)) *sliceInstance[T] {
	return &sliceInstance[T]{in: make([]T, chunk*batch), batch: batch, gen: gen, op: op}
}

func (s *sliceInstance[T]) prepare(rng *rand.Rand, slot, cls int) {
	xs := s.in[slot*s.batch : (slot+1)*s.batch]
	for i := range xs {
		s.gen(rng, cls, &xs[i])
	}
}

func (s *sliceInstance[T]) run(slot int) {
	s.op(s.in[slot*s.batch : (slot+1)*s.batch])
}

// targets lists every target, in the order "all" runs them.
var targets = slices.Concat(mlkemTargets(), mldsaTargets(), sntrupTargets(), nttTargets(), nttControlTargets(), fieldTargets(), controlTargets())

// selectTargets resolves the -target flag: a comma-separated list of names,
// or "all".
func selectTargets(spec string) ([]target, error) {
	if spec == "all" {
		return targets, nil
	}
	var out []target
	for _, name := range strings.Split(spec, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(targets, func(t target) bool { return t.name == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown target %q (known: %s, or all)", name, strings.Join(targetNames(), ", "))
		}
		out = append(out, targets[i])
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no target given")
	}
	return out, nil
}

func targetNames() []string {
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = t.name
	}
	return names
}

// zeroVsRandom builds a target whose class 0 is T's zero value and class 1
// is filled by random, batch calls of op per measurement by default.
//
// Class 0 draws a random input too and then clears it, so that preparing
// a measurement costs the same in both classes. With class 0 skipping the
// draw, the int32 NTT targets on AVX2 gave |t| = 5–9 in 7 of 15 runs at 10⁶
// per class (class 0 slower by 0.1–0.5 ns per batch in 13 of 15); with equal
// cost, max |t| ≤ 3 in 26 runs, and identical data in both classes with
// class 1 alone drawing (the -prepcost controls) gave up to 9. How the
// untimed preparation reaches the timings is not established; one candidate
// is that a measurement's class is correlated with the length of its
// chunk's preparation. See results-2026-11-30.md.
func zeroVsRandom[T any](name, classes string, batch int, random func(*rand.Rand, *T), op func([]T)) target {
	return target{
		name:    name,
		classes: classes,
		batch:   batch,
		setup: func(_ *rand.Rand, chunk, batch int) (instance, error) {
			gen := func(r *rand.Rand, cls int, dst *T) {
				random(r, dst)
				if cls == 0 {
					var zero T
					*dst = zero
				}
			}
			return newSliceInstance(chunk, batch, gen, op), nil
		},
	}
}
