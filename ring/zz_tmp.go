package ring

// TEMPORARY (not for commit): naive stand-ins until the helpers' code lands.



// Invert by the extended Euclidean algorithm over F_q (not constant time).
func (r *Ring) Invert(c, a []int16) bool {
	q := int64(r.q)
	md := func(x int64) int64 { x %= q; if x < 0 { x += q }; return x }
	inv := func(x int64) int64 { // x^(q-2)
		res, b, e := int64(1), md(x), q-2
		for e > 0 {
			if e&1 == 1 { res = res * b % q }
			b = b * b % q
			e >>= 1
		}
		return res
	}
	p := r.p
	// polys as []int64 low-to-high, trimmed
	trim := func(f []int64) []int64 { for len(f) > 0 && f[len(f)-1] == 0 { f = f[:len(f)-1] }; return f }
	A := make([]int64, p+1)
	A[0], A[1], A[p] = md(-1), md(-1), 1
	B := make([]int64, p)
	for i, v := range a { B[i] = md(int64(v)) }
	A, B = trim(A), trim(B)
	s0, s1 := []int64{}, []int64{1} // coefficients of a: t such that t·a ≡ remainder
	for len(B) > 0 {
		// A = Q·B + R
		R := append([]int64(nil), A...)
		Q := make([]int64, max(len(A)-len(B)+1, 0)+1)
		lb := inv(B[len(B)-1])
		for len(R) >= len(B) && len(R) > 0 {
			d := len(R) - len(B)
			f := R[len(R)-1] * lb % q
			Q[d] = f
			for i, v := range B { R[i+d] = md(R[i+d] - f*v) }
			R = trim(R)
		}
		// s = s0 - Q·s1
		ns := make([]int64, len(Q)+len(s1)+len(s0))
		copy(ns, s0)
		for i, x := range Q { for j, y := range s1 { ns[i+j] = md(ns[i+j] - x*y) } }
		A, B = B, R
		s0, s1 = s1, trim(ns)
	}
	// A is gcd, s0·a ≡ A
	if len(A) != 1 {
		for i := range c { c[i] = 0 }
		return false
	}
	k := inv(A[0])
	// reduce s0 mod x^p - x - 1
	s := make([]int64, len(s0)+p)
	for i, v := range s0 { s[i] = v * k % q }
	for n := len(s) - 1; n >= p; n-- { s[n-p+1] = md(s[n-p+1] + s[n]); s[n-p] = md(s[n-p] + s[n]); s[n] = 0 }
	for i := range c {
		v := md(s[i])
		if v > q/2 { v -= q }
		c[i] = int16(v)
	}
	return true
}

type Algebra[E any] interface {
	Mul(c, a, b E)
	Invert(c, a E) bool
}

func BatchInvert[E any](alg Algebra[E], inv, a []E, tmp E) bool {
	ok := true
	for i := range a { ok = alg.Invert(inv[i], a[i]) && ok }
	return ok
}
