package ring

// A Prepared is an element of a Ring with the transforms that its
// products need, computed once for repeated products with it (a public key
// multiplied by many ephemeral small elements, a secret key by many
// ciphertexts): [Ring.MulPrepared] then transforms only its other operand.
// It is about 12 KiB and holds no pointer to the element.
type Prepared struct {
	t32 [maxBlocks][256]int32
	t16 [maxBlocks][256]int16
}

// Prepare sets pr to the element a (coefficients in the centred range),
// for products with small elements.
//
// Bounds: requires |a[i]| ≤ (q−1)/2.
func (r *Ring) Prepare(pr *Prepared, a []int16) {
	r.check(a)
	r.prepare(pr, a)
}

// PrepareSmall sets pr to the small element s, for products with elements
// in the centred range.
//
// Bounds: requires |s[i]| ≤ 1.
func (r *Ring) PrepareSmall(pr *Prepared, s []int8) {
	r.check8(s)
	var sb [MaxP]int16
	r.prepare(pr, widenSmall(&sb, s))
}

// prepare computes the transforms that the bound of a big × small product
// selects (as Ring.product does).
func (r *Ring) prepare(pr *Prepared, a []int16) {
	b := 2 * r.smallBound()
	if b < m16 || b >= m32 {
		clear(pr.t16[:])
		forward16(&pr.t16, a)
	}
	if b >= m16 {
		clear(pr.t32[:])
		forward32(&pr.t32, a)
	}
}

// MulPrepared sets c = a·b in R_q, where one of a and b is small: b is in
// the centred range if a was prepared by PrepareSmall, and small (in
// {−1, 0, 1}, as int16) if a was prepared by Prepare. It equals
// [Ring.MulSmall] of the two. c may alias b.
//
// Bounds: requires |b[i]| ≤ (q−1)/2 (a small) or |b[i]| ≤ 1 (a big);
// ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) MulPrepared(c []int16, a *Prepared, b []int16) {
	r.check(c)
	r.check(b)
	var prod, x [2 * MaxP]int32
	nb, bound := blocks(r.p), 2*r.smallBound()
	if bound < m16 || bound >= m32 {
		var fb [maxBlocks][256]int16
		forward16(&fb, b)
		mul16(&x, &a.t16, &fb, nb)
	}
	if bound >= m16 {
		var fb [maxBlocks][256]int32
		forward32(&fb, b)
		mul32(&prod, &a.t32, &fb, nb)
	}
	switch {
	case bound < m16:
		prod = x
	case bound >= m32:
		for n := range 2 * r.p {
			prod[n] = r.crt(prod[n], x[n])
		}
	}
	r.fold(c, &prod)
}

// smallBound bounds the coefficients of a big × small product in Z[x].
func (r *Ring) smallBound() int64 { return int64(r.p) * int64(r.half) }
