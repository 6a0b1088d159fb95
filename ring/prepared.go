package ring

// A Prepared is an element of a Ring with the transforms that its
// products need, computed once for repeated products with it (a public key
// multiplied by many ephemeral small elements, a secret key by many
// ciphertexts): [Ring.MulPrepared] then transforms only its other operand.
// The zero Prepared holds nothing. The first Prepare or PrepareSmall
// allocates the transforms the ring's big × small products use (1 KiB per
// 128 coefficients modulo M32, 512 bytes modulo M16: 6 KiB for p = 761,
// q = 4591; 3 KiB for p = 761, q = 3), and later ones on a ring of the
// same degree and products reuse them. It holds no pointer to the element.
type Prepared struct {
	t32  [][256]int32 // the transforms modulo M32 of the blocks, if used
	t16  [][256]int16 // the transforms modulo M16, if used
	p, q int32        // the ring that prepared it (0 if none has)
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
// selects (primes, as in Ring.product), into cleared storage of blocks(p)
// transforms each, and drops the other.
func (r *Ring) prepare(pr *Prepared, a []int16) {
	nb := blocks(r.p)
	use16, use32 := primes(r.smallBound())
	pr.t16, pr.t32 = cleared(pr.t16, nb, use16), cleared(pr.t32, nb, use32)
	pr.p, pr.q = int32(r.p), r.q
	if pr.t16 != nil {
		forward16(pr.t16, a)
	}
	if pr.t32 != nil {
		forward32(pr.t32, a)
	}
}

// cleared returns s cleared if it has n elements and used is true, a new
// slice of n elements if used is true and it has not, and nil otherwise.
func cleared[T any](s []T, n int, used bool) []T {
	switch {
	case !used:
		return nil
	case len(s) == n:
		clear(s)
		return s
	}
	return make([]T, n)
}

// MulPrepared sets c = a·b in R_q, where one of a and b is small: b is in
// the centred range if a was prepared by PrepareSmall, and small (in
// {−1, 0, 1}, as int16) if a was prepared by Prepare. It equals
// [Ring.MulSmall] of the two. c may alias b. It panics if a was not
// prepared by a ring of the same p and q.
//
// Bounds: requires |b[i]| ≤ (q−1)/2 (a small) or |b[i]| ≤ 1 (a big);
// ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) MulPrepared(c []int16, a *Prepared, b []int16) {
	r.check(c)
	r.check(b)
	if a.p != int32(r.p) || a.q != r.q {
		panic("ring: MulPrepared with an element not prepared for this ring")
	}
	nb := blocks(r.p)
	var prod, x [2 * MaxP]int32
	x16 := &x // the product modulo M16: prod itself when it is the only one
	if a.t32 == nil {
		x16 = &prod
	}
	if a.t16 != nil {
		var fb [maxBlocks][256]int16
		forward16(fb[:], b)
		mul16(x16, a.t16, fb[:], nb)
	}
	if a.t32 != nil {
		var fb [maxBlocks][256]int32
		forward32(fb[:], b)
		mul32(&prod, a.t32, fb[:], nb)
	}
	if a.t16 != nil && a.t32 != nil {
		r.crtAll(&prod, &x)
	}
	r.fold(c, &prod)
}

// smallBound bounds the coefficients of a big × small product in Z[x].
func (r *Ring) smallBound() int64 { return int64(r.p) * int64(r.half) }
