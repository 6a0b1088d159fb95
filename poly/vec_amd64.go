//go:build amd64 && !purego

package poly

import "github.com/moduletto/moduletto/internal/cpu"

// haveAVX2Poly reports whether this build has the AVX2 poly kernels.
const haveAVX2Poly = true

func init() {
	// Chosen once at start-up from cpuid (AVX2 and BMI2).
	useAVX2Poly = cpu.X86HasAVX2
}
