//go:build amd64 && !purego

package sample

import "github.com/moduletto/moduletto/internal/cpu"

// haveAVX2Samplers reports whether this build has the AVX2 sampler kernels.
const haveAVX2Samplers = true

func init() {
	// Chosen once at start-up from cpuid (AVX2 and BMI2).
	useAVX2Samplers = cpu.X86HasAVX2
}
