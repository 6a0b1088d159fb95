package ring

import "fmt"

// A Prepared is an element of a Ring with the transforms that its
// products need, computed once for repeated products with it (a public key
// multiplied by many ephemeral small elements, a secret key by many
// ciphertexts): [Ring.MulPrepared] then transforms only its other operand,
// and [Ring.MulBothPrepared] of two Prepared elements transforms nothing.
// The zero Prepared holds nothing. The first Prepare or PrepareSmall
// allocates the transforms the ring's big × small products use (1 KiB per
// 128 coefficients modulo M32, 512 bytes modulo M16: 6 KiB for p = 761,
// q = 4591; 3 KiB for p = 761, q = 3), PrepareBig also those of big × big
// products, and later ones on a ring of the same degree and products reuse
// them. It holds no pointer to the element.
type Prepared struct {
	t32  [][256]int32 // the transforms modulo M32 of the blocks, if used
	t16  [][256]int16 // the transforms modulo M16, if used
	p, q int32        // the ring that prepared it (0 if none has)
	big  bool         // prepared from an element in the centred range, not a small one
}

// Prepare sets pr to the element a (coefficients in the centred range),
// for products with small elements.
//
// Bounds: requires |a[i]| ≤ (q−1)/2.
func (r *Ring) Prepare(pr *Prepared, a []int16) {
	r.check(a)
	use16, use32 := primes(r.smallBound())
	r.prepare(pr, a, use16, use32, true)
}

// PrepareSmall sets pr to the small element s, for products with elements
// in the centred range.
//
// Bounds: requires |s[i]| ≤ 1.
func (r *Ring) PrepareSmall(pr *Prepared, s []int8) {
	r.check8(s)
	var sb [MaxP]int16
	use16, use32 := primes(r.smallBound())
	r.prepare(pr, widenSmall(&sb, s), use16, use32, false)
}

// PrepareBig sets pr to the element a (coefficients in the centred range),
// for products with small elements and, by [Ring.MulBothPrepared], with
// other elements that PrepareBig prepared: it computes the transforms
// modulo every auxiliary prime that either product needs. It panics if the
// ring's big × big products need more room than the two auxiliary primes
// give together (2p·((q−1)/2)² ≥ M32·M16, as for q near 2^15; [Ring.Mul]
// splits an operand for those).
//
// Bounds: requires |a[i]| ≤ (q−1)/2.
func (r *Ring) PrepareBig(pr *Prepared, a []int16) {
	r.check(a)
	if 2*r.bigBound() >= m32*m16 {
		panic(fmt.Sprintf("ring: PrepareBig for %v, whose big × big products exceed M32·M16", r))
	}
	small16, small32 := primes(r.smallBound())
	big16, big32 := primes(r.bigBound())
	r.prepare(pr, a, small16 || big16, small32 || big32, true)
}

// prepare computes the transforms modulo the primes selected, into cleared
// storage of blocks(p) transforms each, drops the other, and records the
// ring and whether a is big (in the centred range) or small.
func (r *Ring) prepare(pr *Prepared, a []int16, use16, use32, big bool) {
	nb := blocks(r.p)
	pr.t16, pr.t32 = cleared(pr.t16, nb, use16), cleared(pr.t32, nb, use32)
	pr.p, pr.q, pr.big = int32(r.p), r.q, big
	if pr.t16 != nil {
		forward16(pr.t16, a)
	}
	if pr.t32 != nil {
		forward32(pr.t32, a)
	}
}

// Clear zeroes the transforms pr holds, which are as secret as its
// element, and leaves pr holding nothing (as the zero Prepared).
func (pr *Prepared) Clear() {
	clear(pr.t32)
	clear(pr.t16)
	*pr = Prepared{}
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
// {−1, 0, 1}, as int16) if a was prepared by Prepare or PrepareBig. It
// equals [Ring.MulSmall] of the two. c may alias b. It panics if a was not
// prepared by a ring of the same p and q.
//
// Bounds: requires |b[i]| ≤ (q−1)/2 (a small) or |b[i]| ≤ 1 (a big);
// ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) MulPrepared(c []int16, a *Prepared, b []int16) {
	r.check(c)
	r.check(b)
	r.checkPrepared(a, "MulPrepared")
	use16, use32, _ := pick(r.smallBound(), a.t16 != nil, a.t32 != nil) // Prepare and PrepareSmall hold what the small bound needs
	// Each transform array is declared where it is used, so that a product
	// that needs one prime does not zero the other's.
	nb := blocks(r.p)
	var b16 [][256]int16
	var b32 [][256]int32
	if use16 {
		var fb [maxBlocks][256]int16
		forward16(fb[:], b)
		b16 = fb[:nb]
	}
	if use32 {
		var fb [maxBlocks][256]int32
		forward32(fb[:], b)
		b32 = fb[:nb]
	}
	r.mulTransforms(c, a.t16, b16, a.t32, b32, use16, use32)
}

// MulBothPrepared sets c = a·b in R_q for two prepared elements, with no
// transform: a big one prepared by PrepareBig and a big or a small one
// (Prepare, PrepareBig or PrepareSmall), or two small ones. It panics if
// either was not prepared by a ring of the same p and q, or if they do not
// hold the transforms their product needs (two big elements of which one
// was prepared by Prepare, say).
//
// Bounds: ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) MulBothPrepared(c []int16, a, b *Prepared) {
	r.check(c)
	r.checkPrepared(a, "MulBothPrepared")
	r.checkPrepared(b, "MulBothPrepared")
	bound := int64(r.p)
	for _, x := range [2]*Prepared{a, b} {
		if x.big {
			bound *= int64(r.half)
		}
	}
	use16, use32, ok := pick(bound, a.t16 != nil && b.t16 != nil, a.t32 != nil && b.t32 != nil)
	if !ok {
		panic("ring: MulBothPrepared of elements not prepared for their product (a big × big product needs PrepareBig for both)")
	}
	r.mulTransforms(c, a.t16, b.t16, a.t32, b.t32, use16, use32)
}

// checkPrepared panics if a was not prepared by a ring of r's p and q.
func (r *Ring) checkPrepared(a *Prepared, op string) {
	if a.p != int32(r.p) || a.q != r.q {
		panic("ring: " + op + " with an element not prepared for this ring")
	}
}

// mulTransforms sets c to the product of two elements given their
// transforms modulo the primes selected (the others are not read), joined
// by the CRT when both are.
func (r *Ring) mulTransforms(c []int16, a16, b16 [][256]int16, a32, b32 [][256]int32, use16, use32 bool) {
	nb := blocks(r.p)
	var prod, x [2 * MaxP]int32
	x16 := &x // the product modulo M16: prod itself when it is the only one
	if !use32 {
		x16 = &prod
	}
	if use16 {
		mul16(x16, a16, b16, nb)
	}
	if use32 {
		mul32(&prod, a32, b32, nb)
	}
	if use16 && use32 {
		r.crtAll(&prod, &x)
	}
	r.fold(c, &prod)
}

// pick returns the cheapest set of auxiliary primes, among those whose
// transforms are at hand, that holds a product whose coefficients are at
// most bound in absolute value (M16 alone, M32 alone, or both), and false
// if none does.
func pick(bound int64, has16, has32 bool) (use16, use32, ok bool) {
	switch {
	case 2*bound < m16 && has16:
		return true, false, true
	case 2*bound < m32 && has32:
		return false, true, true
	case 2*bound < m32*m16 && has16 && has32:
		return true, true, true
	}
	return false, false, false
}

// smallBound bounds the coefficients of a big × small product in Z[x].
func (r *Ring) smallBound() int64 { return int64(r.p) * int64(r.half) }

// bigBound bounds the coefficients of a big × big product in Z[x].
func (r *Ring) bigBound() int64 { return int64(r.p) * int64(r.half) * int64(r.half) }
