//go:build amd64 && !purego

package sample

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/poly"
	"github.com/stretchr/testify/require"
)

// TestPlaceBallKernel checks placeBallAVX2 against its twin placeBall on
// random positions and signs for every τ from 1 to 64, and on the extreme
// position lists: every j = i (no shuffle), every j = 0, and j = i − 1.
func TestPlaceBallKernel(t *testing.T) {
	if !cpu.AVX2Kernels() {
		t.Skip("the CPU has no AVX2: the kernel cannot run (placeBall is tested on every backend through SampleInBall)")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for tau := 1; tau <= 64; tau++ {
		lists := map[string]func(i int) int{
			"random": func(i int) int { return rng.IntN(i + 1) },
			"j=i":    func(i int) int { return i },
			"j=0":    func(int) int { return 0 },
			"j=i-1":  func(i int) int { return i - 1 },
		}
		for name, pick := range lists {
			for range 20 {
				var js [64]uint8
				for k := range tau {
					js[k] = uint8(pick(poly.N - tau + k))
				}
				signs := rng.Uint64()
				var want, got poly.Poly32
				placeBall(&want, js[:tau], signs)
				var scratch [poly.N]int8
				placeBallAVX2((*[poly.N]int32)(&got), &js, tau, signs, &scratch)
				require.Equal(t, want, got, "τ = %d, %s positions %v, signs %x", tau, name, js[:tau], signs)
			}
		}
	}
}
