// Package cpu reports the CPU features the backends can use. It is read once
// at start-up by the packages that choose a backend.
package cpu

import "github.com/klauspost/cpuid/v2"

// X86HasAVX2 reports whether the CPU and operating system support AVX2
// (and BMI1 and BMI2, which the AVX2 kernels use alongside it).
var X86HasAVX2 = cpuid.CPU.Supports(cpuid.AVX2, cpuid.BMI1, cpuid.BMI2)
