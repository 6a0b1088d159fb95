// Package cpu is the one switch that chooses the kernels of the whole module:
// it decides once at start-up whether the AVX2 kernels run, and every package
// with a choice (ntt, poly, sample, the schemes) reads it, once per
// polynomial. Tests flip it for all of them together (ntt/ntttest).
package cpu

import (
	"fmt"

	"github.com/klauspost/cpuid/v2"
)

// X86HasAVX2 reports whether the CPU and operating system support AVX2
// (and BMI1 and BMI2, which the AVX2 kernels use alongside it).
var X86HasAVX2 = cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI1, cpuid.BMI2)

// X86HasAVX512 reports whether the CPU and operating system support
// AVX-512F and AVX-512VL (the EVEX forms of the ymm instructions and
// registers Y16–Y31, and zmm registers). Where the AVX2 kernels run,
// package keccak then runs its permutations on them.
var X86HasAVX512 = cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512VL)

// X86HasAVX512BW reports whether the CPU and operating system support
// AVX-512F and AVX-512BW (16-bit lanes in zmm registers). Where the AVX2
// kernels run, package ntt then runs its int16 dot product on them.
var X86HasAVX512BW = cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW)

// Kernels names a set of kernels the module can run.
type Kernels uint8

const (
	// Scalar is portable Go everywhere.
	Scalar Kernels = iota
	// Generic is portable Go, with the fixed-size NTT functions of package
	// ntt run on its generic engine in a deliberately scrambled
	// NTT-domain order: a test that passes under it reads NTT-domain
	// positions only through the order conversions.
	Generic
	// AVX2 is the generated AVX2 assembly wherever a kernel has it, and
	// portable Go elsewhere. Only in amd64 builds without the purego tag,
	// on a CPU with AVX2, BMI1 and BMI2.
	AVX2
)

// String returns the name of k: "scalar", "generic" or "avx2".
func (k Kernels) String() string {
	switch k {
	case Scalar:
		return "scalar"
	case Generic:
		return "generic"
	case AVX2:
		return "avx2"
	}
	return fmt.Sprintf("cpu.Kernels(%d)", uint8(k))
}

// current is the kernels in use. It is set once at start-up and changed
// only by Set (tests and benchmarks).
var current = Available()[0]

// Available returns the kernels this build and CPU can run, the default
// (fastest) first.
func Available() []Kernels {
	if asmBuild && X86HasAVX2 {
		return []Kernels{AVX2, Scalar, Generic}
	}
	return []Kernels{Scalar, Generic}
}

// Current returns the kernels in use.
func Current() Kernels { return current }

// AVX2Kernels reports whether the AVX2 kernels are in use. In a build
// without assembly it is the constant false, so the calls it guards are
// dead code.
func AVX2Kernels() bool { return asmBuild && current == AVX2 }

// Set makes k the kernels of the whole module and returns a function that
// restores the previous ones. It is for tests and benchmarks that compare
// kernels; it is not safe while other goroutines use the module (run such
// tests sequentially). It fails for kernels that are not [Available].
func Set(k Kernels) (restore func(), err error) {
	ok := false
	for _, a := range Available() {
		ok = ok || a == k
	}
	if !ok {
		return nil, fmt.Errorf("cpu: kernels %v are not available in this build on this CPU (available: %v)", k, Available())
	}
	prev := current
	current = k
	return func() { current = prev }, nil
}

// Parse returns the kernels named s ("scalar", "generic", "avx2").
func Parse(s string) (Kernels, error) {
	for _, k := range []Kernels{Scalar, Generic, AVX2} {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("cpu: unknown kernels %q (want scalar, generic or avx2)", s)
}
