package ntt

// The NTT-domain coefficient order belongs to the backend: a SIMD backend
// keeps NTT-domain polynomials in the order its butterflies and base-case
// products find convenient, and the "generic" backend deliberately scrambles
// it (see generic_backend.go) so that every test run over the backends proves
// no code above ntt depends on it. Code above ntt converts only at the
// boundary where NTT-domain values enter or leave as FIPS data: sampling
// (SampleNTT, RejNTTPoly) and encoding (ByteEncode12 of t̂ and ŝ). Everything
// else — NTT-domain products, additions, reductions — is position-wise and
// order-agnostic.

// FromSpecOrder16 permutes an NTT-domain polynomial from FIPS 203 order (the
// output order of Algorithm 9) into the current backend's order.
//
// Bounds: requires any int16 p[i]; ensures p' is a permutation of p.
func FromSpecOrder16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.FromSpecOrder16(p)
	case scalar16:
		b.FromSpecOrder16(p)
	case *generic16:
		b.FromSpecOrder16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// ToSpecOrder16 is the inverse of [FromSpecOrder16]: it permutes an
// NTT-domain polynomial from the current backend's order into FIPS 203 order.
//
// Bounds: requires any int16 p[i]; ensures p' is a permutation of p.
func ToSpecOrder16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.ToSpecOrder16(p)
	case scalar16:
		b.ToSpecOrder16(p)
	case *generic16:
		b.ToSpecOrder16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// FromSpecOrder32 permutes an NTT-domain polynomial from FIPS 204 order (the
// output order of Algorithm 41) into the current backend's order.
//
// Bounds: requires any int32 p[i]; ensures p' is a permutation of p.
func FromSpecOrder32(p *[256]int32) {
	switch b := backend32.(type) {
	case avx2x32:
		b.FromSpecOrder32(p)
	case scalar32:
		b.FromSpecOrder32(p)
	case *generic32:
		b.FromSpecOrder32(p)
	default:
		panic("ntt: unhandled int32 backend")
	}
}

// ToSpecOrder32 is the inverse of [FromSpecOrder32].
//
// Bounds: requires any int32 p[i]; ensures p' is a permutation of p.
func ToSpecOrder32(p *[256]int32) {
	switch b := backend32.(type) {
	case avx2x32:
		b.ToSpecOrder32(p)
	case scalar32:
		b.ToSpecOrder32(p)
	case *generic32:
		b.ToSpecOrder32(p)
	default:
		panic("ntt: unhandled int32 backend")
	}
}

// The scalar backends keep FIPS order: their conversions are no-ops.

func (scalar16) FromSpecOrder16(*[256]int16) {}
func (scalar16) ToSpecOrder16(*[256]int16)   {}
func (scalar32) FromSpecOrder32(*[256]int32) {}
func (scalar32) ToSpecOrder32(*[256]int32)   {}
