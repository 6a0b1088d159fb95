package ntt

import "github.com/moduletto/moduletto/internal/cpu"

// The NTT-domain coefficient order belongs to the backend that the kernels
// of [cpu.Current] select (see fixed16.go): a SIMD backend keeps NTT-domain
// polynomials in the order its butterflies and base-case products find
// convenient, and the "generic" backend deliberately scrambles it (see
// generic_backend.go) so that every test run over the backends proves no
// code above ntt depends on it. Code above ntt converts only at the
// boundary where NTT-domain values enter or leave as FIPS data: sampling
// (SampleNTT, RejNTTPoly) and encoding (ByteEncode12 of t̂ and ŝ). Everything
// else — NTT-domain products, additions, reductions — is position-wise and
// order-agnostic.

// FromSpecOrder16 permutes an NTT-domain polynomial from FIPS 203 order (the
// output order of Algorithm 9) into the order of the current backend.
//
// Bounds: requires any int16 p[i]; ensures p' is a permutation of p.
func FromSpecOrder16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.FromSpecOrder16(p)
	case cpu.Generic:
		generic16Backend.FromSpecOrder16(p)
	default:
		scalar16{}.FromSpecOrder16(p)
	}
}

// ToSpecOrder16 is the inverse of [FromSpecOrder16]: it permutes an
// NTT-domain polynomial from the order of the current backend into FIPS 203
// order.
//
// Bounds: requires any int16 p[i]; ensures p' is a permutation of p.
func ToSpecOrder16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.ToSpecOrder16(p)
	case cpu.Generic:
		generic16Backend.ToSpecOrder16(p)
	default:
		scalar16{}.ToSpecOrder16(p)
	}
}

// FromSpecOrder32 permutes an NTT-domain polynomial from FIPS 204 order (the
// output order of Algorithm 41) into the order of the current backend.
//
// Bounds: requires any int32 p[i]; ensures p' is a permutation of p.
func FromSpecOrder32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.FromSpecOrder32(p)
	case cpu.Generic:
		generic32Backend.FromSpecOrder32(p)
	default:
		scalar32{}.FromSpecOrder32(p)
	}
}

// ToSpecOrder32 is the inverse of [FromSpecOrder32].
//
// Bounds: requires any int32 p[i]; ensures p' is a permutation of p.
func ToSpecOrder32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.ToSpecOrder32(p)
	case cpu.Generic:
		generic32Backend.ToSpecOrder32(p)
	default:
		scalar32{}.ToSpecOrder32(p)
	}
}

// The scalar backends keep FIPS order: their conversions are no-ops.

func (scalar16) FromSpecOrder16(*[256]int16) {}
func (scalar16) ToSpecOrder16(*[256]int16)   {}
func (scalar32) FromSpecOrder32(*[256]int32) {}
func (scalar32) ToSpecOrder32(*[256]int32)   {}
