package mldsa

import (
	"slices"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/poly"
)

// BenchmarkRounding times each per-polynomial rounding step on the scalar
// loop and, where the build and CPU have it, the AVX2 kernel.
func BenchmarkRounding(b *testing.B) {
	p := params65
	var w, w1, w0, prod, a, t0, s2 poly.Poly32
	var h [n]uint8
	for j := range n {
		w[j] = int32(j*32771) % q
		prod[j] = int32(j*7919)%q - q/2
		a[j] = int32(j*131) - 10000
		s2[j] = int32(j%9) - 4
		h[j] = uint8(j % 5 / 4)
	}
	paths := []bool{false}
	if slices.Contains(cpu.Available(), cpu.AVX2) {
		paths = append(paths, true)
	}
	for _, simd := range paths {
		name := map[bool]string{false: "scalar", true: "avx2"}[simd]
		b.Run("Decompose/"+name, func(b *testing.B) {
			for b.Loop() {
				w0 = w
				p.decomposePoly(&w1, &w0, simd)
			}
		})
		b.Run("SubCentred/"+name, func(b *testing.B) {
			for b.Loop() {
				p.subCentredPoly(&w0, &a, &prod, p.γ2-p.β, simd)
			}
		})
		b.Run("MakeHint/"+name, func(b *testing.B) {
			p.decomposePoly(&w1, &w0, false)
			for b.Loop() {
				p.makeHintPoly(&h, &w1, &w0, &prod, simd)
			}
		})
		b.Run("UseHint/"+name, func(b *testing.B) {
			for b.Loop() {
				p.useHintPoly(&w1, &w, &h, simd)
			}
		})
		b.Run("Power2Round/"+name, func(b *testing.B) {
			for b.Loop() {
				t := w
				p.power2RoundPoly(&t, &t0, &s2, simd)
			}
		})
		b.Run("Exceeds/"+name, func(b *testing.B) {
			for b.Loop() {
				exceedsPoly(&a, p.γ1-p.β, simd)
			}
		})
	}
}
