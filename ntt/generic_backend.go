package ntt

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/field/params"
)

// The "generic" backends run the fixed-size API on the generic [Engine] for
// the same spec, converting int16/int32 lanes to canonical uint32 and back,
// and applying the Montgomery factors of the convention in docs/HACKING.md
// explicitly (e.g. MulMont16 = Engine.Mul, then times R⁻¹ mod q). Their
// outputs are canonical or centred representatives, within the bounds the
// package functions promise. They exist to cross-check the specialised
// backends and as a portable reference; they are not fast.
//
// Their NTT-domain order is deliberately not FIPS order: spec position i is
// stored at scrambled(i) = (77·i + 3) mod 256, a fixed permutation. A test
// that loops over the backends (ntttest.ForEachBackend) therefore fails
// wherever code above ntt reads NTT-domain positions without converting at
// the sampling/encoding boundary, as SIMD backends require.

// scrambled maps a FIPS-order position to the generic backends' position.
func scrambled(i int) int { return (77*i + 3) & 255 }

// genericLanes holds what both generic backends share: the engine and the
// conversions between T lanes and canonical uint32 values.
type genericLanes[T int16 | int32] struct {
	e          *Engine
	p          *field.Params
	r, rInv    uint32 // the Montgomery radix R mod q and its inverse
	liftOffset int64  // a multiple of q above 2^31: x + liftOffset > 0 for every lane value x
}

// generic16 is the generic backend of the int16 engine (R = 2^16).
type generic16 struct{ genericLanes[int16] }

// generic32 is the generic backend of the int32 engine (R = 2^32).
type generic32 struct{ genericLanes[int32] }

var (
	generic16Backend = newGeneric16()
	generic32Backend = newGeneric32()
)

func newGeneric16() *generic16 {
	e := mustEngine(Spec{Q: params.MLKEMQ, N: params.MLKEMN, Layers: params.MLKEMLayers, Zeta: params.MLKEMZeta})
	p := e.Params()
	return &generic16{genericLanes[int16]{e: e, p: p, r: p.R16(), rInv: p.Inverse(p.R16()), liftOffset: 1 << 20 * params.MLKEMQ}}
}

func newGeneric32() *generic32 {
	e := mustEngine(Spec{Q: params.MLDSAQ, N: params.MLDSAN, Layers: params.MLDSALayers, Zeta: params.MLDSAZeta})
	p := e.Params()
	return &generic32{genericLanes[int32]{e: e, p: p, r: p.R(), rInv: p.Inverse(p.R()), liftOffset: 512 * params.MLDSAQ}}
}

func mustEngine(s Spec) *Engine {
	e, err := NewEngine(s)
	if err != nil {
		panic(err)
	}
	return e
}

// centre returns the representative of the canonical v < q in
// [−(q−1)/2, (q−1)/2], by mask.
func centre(v, q uint32) int32 {
	over := int32((q>>1)-v) >> 31 // all ones iff v > (q−1)/2
	return int32(v) - over&int32(q)
}

// load sets dst[i] to p[i] mod q, canonical; with ntt set, p is an
// NTT-domain polynomial in scrambled order and dst receives FIPS order.
func (g *genericLanes[T]) load(dst *[256]uint32, p *[256]T, ntt bool) {
	for i := range dst {
		j := i
		if ntt {
			j = scrambled(i)
		}
		dst[i] = g.p.Reduce(uint64(int64(p[j]) + g.liftOffset))
	}
}

// store writes v[i]·f mod q to p, centred if centred is set and in [0, q)
// otherwise; with ntt set, v is in FIPS order and p receives scrambled order.
func (g *genericLanes[T]) store(p *[256]T, v *[256]uint32, f uint32, centred, ntt bool) {
	for i, x := range v {
		x = g.p.Mul(x, f)
		j := i
		if ntt {
			j = scrambled(i)
		}
		if centred {
			p[j] = T(centre(x, g.p.Q()))
		} else {
			p[j] = T(x)
		}
	}
}

// forward sets p to NTT(p), canonical.
func (g *genericLanes[T]) forward(p *[256]T) {
	var v [256]uint32
	g.load(&v, p, false)
	g.e.Forward(v[:])
	g.store(p, &v, 1, false, true)
}

// inverseMont sets p to NTT⁻¹(p)·R, canonical.
func (g *genericLanes[T]) inverseMont(p *[256]T) {
	var v [256]uint32
	g.load(&v, p, true)
	g.e.Inverse(v[:])
	g.store(p, &v, g.r, false, false)
}

// mulMont sets c to a∘b·R⁻¹ (or adds it to c, if acc) in the representative
// chosen by centred.
func (g *genericLanes[T]) mulMont(c, a, b *[256]T, acc, centred bool) {
	var x, y [256]uint32
	g.load(&x, a, true)
	g.load(&y, b, true)
	g.e.Mul(x[:], x[:], y[:])
	if !acc {
		g.store(c, &x, g.rInv, centred, true)
		return
	}
	var prod [256]T
	g.store(&prod, &x, g.rInv, centred, true)
	for i := range c {
		c[i] += prod[i]
	}
}

// scale sets p to p·f mod q in the representative chosen by centred;
// position-wise, so it serves both domains.
func (g *genericLanes[T]) scale(p *[256]T, f uint32, centred bool) {
	var v [256]uint32
	g.load(&v, p, false)
	g.store(p, &v, f, centred, false)
}

// fromSpec moves p[i] to position scrambled(i); toSpec undoes it.
func (g *genericLanes[T]) fromSpec(p *[256]T) {
	var t [256]T
	for i, x := range p {
		t[scrambled(i)] = x
	}
	*p = t
}

func (g *genericLanes[T]) toSpec(p *[256]T) {
	var t [256]T
	for i := range t {
		t[i] = p[scrambled(i)]
	}
	*p = t
}

func (g *generic16) Forward16(p *[256]int16)          { g.forward(p) }
func (g *generic16) InverseMont16(p *[256]int16)      { g.inverseMont(p) }
func (g *generic16) MulMont16(c, a, b *[256]int16)    { g.mulMont(c, a, b, false, true) }
func (g *generic16) MulAccMont16(c, a, b *[256]int16) { g.mulMont(c, a, b, true, true) }
func (g *generic16) Reduce16(p *[256]int16)           { g.scale(p, 1, false) }
func (g *generic16) ToMont16(p *[256]int16)           { g.scale(p, g.r, false) }
func (g *generic16) FromSpecOrder16(p *[256]int16)    { g.fromSpec(p) }
func (g *generic16) ToSpecOrder16(p *[256]int16)      { g.toSpec(p) }

func (g *generic32) Forward32(p *[256]int32)          { g.forward(p) }
func (g *generic32) InverseMont32(p *[256]int32)      { g.inverseMont(p) }
func (g *generic32) MulMont32(c, a, b *[256]int32)    { g.mulMont(c, a, b, false, false) }
func (g *generic32) MulAccMont32(c, a, b *[256]int32) { g.mulMont(c, a, b, true, false) }
func (g *generic32) Reduce32(p *[256]int32)           { g.scale(p, 1, true) }
func (g *generic32) ToMont32(p *[256]int32)           { g.scale(p, g.r, false) }
func (g *generic32) CAddQ32(p *[256]int32)            { g.scale(p, 1, false) }
func (g *generic32) Freeze32(p *[256]int32)           { g.scale(p, 1, false) }
func (g *generic32) FromSpecOrder32(p *[256]int32)    { g.fromSpec(p) }
func (g *generic32) ToSpecOrder32(p *[256]int32)      { g.toSpec(p) }
