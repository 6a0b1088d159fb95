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

// generic16 is the generic backend of the int16 engine.
type generic16 struct {
	e          *Engine
	p          *field.Params
	r, rInv    uint32 // R = 2^16 mod q and its inverse
	liftOffset int32  // a multiple of q above 2^15: x + liftOffset > 0 for every int16 x
}

// generic32 is the generic backend of the int32 engine.
type generic32 struct {
	e          *Engine
	p          *field.Params
	r, rInv    uint32 // R = 2^32 mod q and its inverse
	liftOffset int64  // a multiple of q above 2^31
}

var (
	generic16Backend = newGeneric16()
	generic32Backend = newGeneric32()
)

func newGeneric16() *generic16 {
	e := mustEngine(Spec{Q: params.MLKEMQ, N: params.MLKEMN, Layers: params.MLKEMLayers, Zeta: params.MLKEMZeta})
	p := e.Params()
	return &generic16{e: e, p: p, r: p.R16(), rInv: p.Inverse(p.R16()), liftOffset: 16 * params.MLKEMQ}
}

func newGeneric32() *generic32 {
	e := mustEngine(Spec{Q: params.MLDSAQ, N: params.MLDSAN, Layers: params.MLDSALayers, Zeta: params.MLDSAZeta})
	p := e.Params()
	return &generic32{e: e, p: p, r: p.R(), rInv: p.Inverse(p.R()), liftOffset: 512 * params.MLDSAQ}
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

func (g *generic16) load(dst *[256]uint32, p *[256]int16) {
	for i, x := range p {
		dst[i] = g.p.Reduce(uint64(int32(x) + g.liftOffset))
	}
}

// store writes v·f mod q (f = 1 to leave v as is), centred if centred is
// set and in [0, q) otherwise.
func (g *generic16) store(p *[256]int16, v *[256]uint32, f uint32, centred bool) {
	for i, x := range v {
		x = g.p.Mul(x, f)
		if centred {
			p[i] = int16(centre(x, g.p.Q()))
		} else {
			p[i] = int16(x)
		}
	}
}

func (g *generic16) Name() string { return "generic" }

func (g *generic16) Forward16(p *[256]int16) {
	var v [256]uint32
	g.load(&v, p)
	g.e.Forward(v[:])
	g.store(p, &v, 1, false)
}

func (g *generic16) InverseMont16(p *[256]int16) {
	var v [256]uint32
	g.load(&v, p)
	g.e.Inverse(v[:])
	g.store(p, &v, g.r, false)
}

func (g *generic16) MulMont16(c, a, b *[256]int16) {
	var x, y [256]uint32
	g.load(&x, a)
	g.load(&y, b)
	g.e.Mul(x[:], x[:], y[:])
	g.store(c, &x, g.rInv, true)
}

func (g *generic16) MulAccMont16(c, a, b *[256]int16) {
	var x, y [256]uint32
	g.load(&x, a)
	g.load(&y, b)
	g.e.Mul(x[:], x[:], y[:])
	for i, v := range x {
		c[i] += int16(centre(g.p.Mul(v, g.rInv), g.p.Q()))
	}
}

func (g *generic16) Reduce16(p *[256]int16) {
	var v [256]uint32
	g.load(&v, p)
	g.store(p, &v, 1, false)
}

func (g *generic16) ToMont16(p *[256]int16) {
	var v [256]uint32
	g.load(&v, p)
	g.store(p, &v, g.r, false)
}

func (g *generic32) load(dst *[256]uint32, p *[256]int32) {
	for i, x := range p {
		dst[i] = g.p.Reduce(uint64(int64(x) + g.liftOffset))
	}
}

func (g *generic32) store(p *[256]int32, v *[256]uint32, f uint32, centred bool) {
	for i, x := range v {
		x = g.p.Mul(x, f)
		if centred {
			p[i] = centre(x, g.p.Q())
		} else {
			p[i] = int32(x)
		}
	}
}

func (g *generic32) Name() string { return "generic" }

func (g *generic32) Forward32(p *[256]int32) {
	var v [256]uint32
	g.load(&v, p)
	g.e.Forward(v[:])
	g.store(p, &v, 1, false)
}

func (g *generic32) InverseMont32(p *[256]int32) {
	var v [256]uint32
	g.load(&v, p)
	g.e.Inverse(v[:])
	g.store(p, &v, g.r, false)
}

func (g *generic32) MulMont32(c, a, b *[256]int32) {
	var x, y [256]uint32
	g.load(&x, a)
	g.load(&y, b)
	g.e.Mul(x[:], x[:], y[:])
	g.store(c, &x, g.rInv, false)
}

func (g *generic32) MulAccMont32(c, a, b *[256]int32) {
	var x, y [256]uint32
	g.load(&x, a)
	g.load(&y, b)
	g.e.Mul(x[:], x[:], y[:])
	for i, v := range x {
		c[i] += int32(g.p.Mul(v, g.rInv))
	}
}

func (g *generic32) Reduce32(p *[256]int32) {
	var v [256]uint32
	g.load(&v, p)
	g.store(p, &v, 1, true)
}

func (g *generic32) ToMont32(p *[256]int32) {
	var v [256]uint32
	g.load(&v, p)
	g.store(p, &v, g.r, false)
}

func (g *generic32) CAddQ32(p *[256]int32) { g.Freeze32(p) }

func (g *generic32) Freeze32(p *[256]int32) {
	var v [256]uint32
	g.load(&v, p)
	g.store(p, &v, 1, false)
}
