package field

// Canonical-value arithmetic: every argument and result is a uint32 in
// [0, q). These methods are branch-free and constant time in their
// arguments; they never divide.

// Add returns a + b mod q.
//
// Bounds: requires a, b < q; ensures r < q.
func (p *Params) Add(a, b uint32) uint32 {
	return CondSubU32(a+b, p.q) // a + b < 2q < 2^32
}

// Sub returns a − b mod q.
//
// Bounds: requires a, b < q; ensures r < q.
func (p *Params) Sub(a, b uint32) uint32 {
	r := a - b
	// r wrapped below zero iff a < b; then its top bit is set because q < 2^31.
	return r + p.q&-(r>>31)
}

// Neg returns −a mod q.
//
// Bounds: requires a < q; ensures r < q.
func (p *Params) Neg(a uint32) uint32 {
	return p.Sub(0, a)
}

// Mul returns a·b mod q, by Barrett reduction of the 62-bit product.
//
// Bounds: requires a, b < q; ensures r < q.
func (p *Params) Mul(a, b uint32) uint32 {
	return BarrettReduce64(uint64(a)*uint64(b), p.q, p.barrett64)
}

// Reduce returns x mod q for any uint64 x.
//
// Bounds: requires any uint64 x; ensures r < q.
func (p *Params) Reduce(x uint64) uint32 {
	return BarrettReduce64(x, p.q, p.barrett64)
}

// Exp returns a^e mod q (with 0^0 = 1). It runs in time independent of a and
// e: a square-and-multiply over all 64 bits of e that selects by mask.
//
// Bounds: requires a < q; ensures r < q.
func (p *Params) Exp(a uint32, e uint64) uint32 {
	return p.exp(a, e, 64)
}

// exp returns a^e mod q looking at the low n bits of e, most significant
// first, always squaring and multiplying and selecting by mask.
func (p *Params) exp(a uint32, e uint64, n int) uint32 {
	r := uint32(1)
	for i := n - 1; i >= 0; i-- {
		r = p.Mul(r, r)
		t := p.Mul(r, a)
		mask := -uint32(e >> uint(i) & 1)
		r ^= (r ^ t) & mask
	}
	return r
}

// Inverse returns a⁻¹ mod q as a^(q−2) (Fermat), and 0 for a = 0. It runs in
// time independent of a.
//
// Bounds: requires a < q; ensures r < q.
func (p *Params) Inverse(a uint32) uint32 {
	return p.exp(a, uint64(p.q-2), p.bits)
}
