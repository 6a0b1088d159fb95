package field

// Vector operations over slices of ModN[M]. Each fetches M's Params once and
// runs a branch-free loop over the elements; dst may alias the inputs. They
// panic if the slices differ in length, a programming error.

func checkLen(op string, n int, others ...int) {
	for _, m := range others {
		if m != n {
			panic("field: " + op + ": slices differ in length")
		}
	}
}

// AddVec sets dst[i] = a[i] + b[i].
func AddVec[M Modulus](dst, a, b []ModN[M]) {
	checkLen("AddVec", len(dst), len(a), len(b))
	var m M
	q := m.Params().q
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i].v = CondSubU32(a[i].v+b[i].v, q)
	}
}

// SubVec sets dst[i] = a[i] − b[i].
func SubVec[M Modulus](dst, a, b []ModN[M]) {
	checkLen("SubVec", len(dst), len(a), len(b))
	var m M
	q := m.Params().q
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		r := a[i].v - b[i].v
		dst[i].v = r + q&-(r>>31)
	}
}

// NegVec sets dst[i] = −a[i].
func NegVec[M Modulus](dst, a []ModN[M]) {
	checkLen("NegVec", len(dst), len(a))
	var m M
	q := m.Params().q
	dst = dst[:len(a)]
	for i := range a {
		r := -a[i].v
		dst[i].v = r + q&-(r>>31)
	}
}

// MulVec sets dst[i] = a[i]·b[i].
func MulVec[M Modulus](dst, a, b []ModN[M]) {
	checkLen("MulVec", len(dst), len(a), len(b))
	var m M
	p := m.Params()
	q, bm := p.q, p.barrett64
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i].v = BarrettReduce64(uint64(a[i].v)*uint64(b[i].v), q, bm)
	}
}

// ScalarMulVec sets dst[i] = c·a[i].
func ScalarMulVec[M Modulus](dst, a []ModN[M], c ModN[M]) {
	checkLen("ScalarMulVec", len(dst), len(a))
	var m M
	p := m.Params()
	q, bm := p.q, p.barrett64
	cv := uint64(c.v)
	dst = dst[:len(a)]
	for i := range a {
		dst[i].v = BarrettReduce64(uint64(a[i].v)*cv, q, bm)
	}
}

// MulAddVec sets dst[i] = dst[i] + a[i]·b[i].
func MulAddVec[M Modulus](dst, a, b []ModN[M]) {
	checkLen("MulAddVec", len(dst), len(a), len(b))
	var m M
	p := m.Params()
	q, bm := p.q, p.barrett64
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		// dst[i] + a[i]·b[i] < q + q² < 2^64: one reduction.
		dst[i].v = BarrettReduce64(uint64(dst[i].v)+uint64(a[i].v)*uint64(b[i].v), q, bm)
	}
}
