package ring

import "github.com/moduletto/moduletto/ntt"

// Products are computed exactly in Z[x] and only then reduced modulo
// x^p − x − 1 and q. An operand of degree < p ≤ 1024 is cut into blocks of
// 128 coefficients, a = Σ a_i·x^(128i); a block product a_i·b_j has degree
// ≤ 254, so the 256-point negacyclic NTTs of package ntt hold it without
// wrapping, and Σ_{i+j=k} a_i·b_j is one pointwise dot product in the NTT
// domain and one inverse transform per output block k. The transforms run
// modulo the auxiliary primes M32 = 8380417 (int32 lanes) and M16 = 3329
// (int16 lanes); a product whose coefficients are bounded by B in absolute
// value is exact modulo a prime M when 2B < M, and modulo both, joined by
// the Chinese remainder theorem, when 2B < M32·M16.

const (
	blockLen  = 128
	maxBlocks = MaxP / blockLen
	m32       = 8380417
	m16       = 3329
	// m16InvMod32 is 3329⁻¹ modulo 8380417.
	m16InvMod32 = 2867316
)

// MulSmall sets c = a·s in R_q for a small s. c may alias a.
//
// Bounds: requires |a[i]| ≤ (q−1)/2, |s[i]| ≤ 1; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) MulSmall(c, a []int16, s []int8) {
	r.check(c)
	r.check(a)
	r.check8(s)
	var sb [MaxP]int16
	for i, v := range s {
		sb[i] = int16(v)
	}
	var prod [2 * MaxP]int32
	r.product(&prod, a, sb[:r.p], int64(r.p)*int64(r.half))
	r.fold(c, &prod)
}

// Mul sets c = a·b in R_q. c may alias a or b.
//
// Bounds: requires |a[i]|, |b[i]| ≤ (q−1)/2; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) Mul(c, a, b []int16) {
	r.check(c)
	r.check(a)
	r.check(b)
	var prod [2 * MaxP]int32
	bound := int64(r.p) * int64(r.half) * int64(r.half)
	if 2*bound < m32*m16 {
		r.product(&prod, a, b, bound)
		r.fold(c, &prod)
		return
	}
	// Too large for the two primes (q near 2^15): split b = 256·hi + lo
	// with lo in [−128, 127] and |hi| ≤ 64, and add the two products.
	var lo, hi [MaxP]int16
	for i, v := range b {
		l := (v+128)&255 - 128
		lo[i], hi[i] = l, (v-l)>>8
	}
	var prodHi [2 * MaxP]int32
	r.product(&prod, a, lo[:r.p], int64(r.p)*int64(r.half)*128)
	r.product(&prodHi, a, hi[:r.p], int64(r.p)*int64(r.half)*64)
	for n := range 2*r.p - 1 {
		prod[n] = int32(r.reduce(prod[n] + 256*int32(r.reduce(prodHi[n]))))
	}
	r.fold(c, &prod)
}

// product sets prod[n] to a value congruent modulo q to coefficient n of
// a·b in Z[x], for n < 2p − 1, given that every such coefficient is at most
// bound in absolute value.
//
// Bounds: requires |a[i]|, |b[i]| < 2^14, 2·bound < M32·M16; ensures
// |prod[n]| < 2^22.
func (r *Ring) product(prod *[2 * MaxP]int32, a, b []int16, bound int64) {
	switch {
	case 2*bound < m16:
		var x [2 * MaxP]int32
		product16(&x, a, b)
		for n := range 2*r.p - 1 {
			prod[n] = center16(x[n])
		}
	case 2*bound < m32:
		product32(prod, a, b)
		for n := range 2*r.p - 1 {
			prod[n] = center32(prod[n])
		}
	default:
		var x [2 * MaxP]int32
		product32(prod, a, b)
		product16(&x, a, b)
		for n := range 2*r.p - 1 {
			prod[n] = r.crt(center32(prod[n]), center16(x[n]))
		}
	}
}

// crt returns x modulo q, centred, for the integer x with |x| < M32·M16/2,
// x ≡ x32 (mod M32) and x ≡ x16 (mod M16). x = x16 + M16·t with
// t = (x32 − x16)·M16⁻¹ mod M32 (a division by a constant, which the
// compiler makes a multiplication), less M32·M16 when that exceeds half of
// it.
//
// Bounds: requires |x32| ≤ M32/2, |x16| ≤ M16/2; ensures |r| ≤ (q−1)/2.
func (r *Ring) crt(x32, x16 int32) int32 {
	t := uint64(x32-x16+m32) * m16InvMod32 % m32
	x := int64(x16) + m16*int64(t)
	x -= m32 * m16 & ((m32*m16/2 - x) >> 63)
	// x mod q from its high and low 16 bits: |x| < 2^35, so |hi| < 2^19.
	hi, lo := int32(x>>16), int32(x&0xffff)
	return int32(r.reduce(int32(r.reduce(hi))*r.r16 + lo))
}

// center32 and center16 map x to its representative modulo M32 or M16 in
// the centred range, by a remainder of a positive value by the constant
// modulus (which the compiler makes a multiplication, with no branch).
//
// Bounds: requires |x| < 2M; ensures |r| ≤ (M−1)/2.
func center32(x int32) int32 {
	const h = (m32 - 1) / 2
	return int32(uint32(x+2*m32+h)%m32) - h
}

func center16(x int32) int32 {
	const h = (m16 - 1) / 2
	return int32(uint32(x+2*m16+h)%m16) - h
}

// fold sets c to prod reduced modulo x^p − x − 1 and q: x^(p+k) =
// x^(k+1) + x^k, so coefficient n ≥ p moves to n − p + 1 and n − p (both
// below p: no coefficient moves twice).
//
// Bounds: requires |prod[n]| < 2^22; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) fold(c []int16, prod *[2 * MaxP]int32) {
	p := r.p
	for n := 2*p - 2; n >= p; n-- {
		prod[n-p+1] += prod[n]
		prod[n-p] += prod[n]
	}
	for i := range c {
		c[i] = r.reduce(prod[i])
	}
}

// blocks returns the number of 128-coefficient blocks of an element of
// length n.
func blocks(n int) int { return (n + blockLen - 1) / blockLen }

// product32 sets x[n] ≡ coefficient n of a·b modulo M32 for n < 256·blocks.
//
// Bounds: requires |a[i]|, |b[i]| < M32; ensures |x[n]| < 2·M32.
func product32(x *[2 * MaxP]int32, a, b []int16) {
	nb := blocks(len(a))
	var fa, fb [maxBlocks][256]int32
	load(&fa, a)
	load(&fb, b)
	for i := range nb {
		ntt.Forward32(&fa[i])
		ntt.Forward32(&fb[i])
	}
	for k := range 2*nb - 1 {
		var t [256]int32
		lo, hi := pairs(k, nb)
		ntt.MulMont32(&t, &fa[lo], &fb[k-lo])
		for i := lo + 1; i <= hi; i++ {
			ntt.MulAccMont32(&t, &fa[i], &fb[k-i])
		}
		ntt.Reduce32(&t)
		ntt.InverseMont32(&t)
		accumulate(x, k, &t)
	}
}

// product16 sets x[n] ≡ coefficient n of a·b modulo M16 for n < 256·blocks.
//
// Bounds: requires |a[i]|, |b[i]| ≤ 2^14, at most 8 blocks; ensures
// |x[n]| < 2·M16.
func product16(x *[2 * MaxP]int32, a, b []int16) {
	nb := blocks(len(a))
	var fa, fb [maxBlocks][256]int16
	load(&fa, a)
	load(&fb, b)
	for i := range nb {
		ntt.Forward16(&fa[i])
		ntt.Forward16(&fb[i])
	}
	for k := range 2*nb - 1 {
		var t [256]int16
		lo, hi := pairs(k, nb)
		ntt.MulMont16(&t, &fa[lo], &fb[k-lo])
		for i := lo + 1; i <= hi; i++ {
			ntt.MulAccMont16(&t, &fa[i], &fb[k-i])
		}
		ntt.InverseMont16(&t)
		accumulate(x, k, &t)
	}
}

// load writes the blocks of a into the first halves of f's transforms
// (the second halves stay zero).
func load[T int16 | int32](f *[maxBlocks][256]T, a []int16) {
	for i := range blocks(len(a)) {
		for u, v := range a[i*blockLen : min(i*blockLen+blockLen, len(a))] {
			f[i][u] = T(v)
		}
	}
}

// pairs returns the first and last block i of a whose product with block
// k − i of b lands in output block k, for operands of nb blocks.
func pairs(k, nb int) (lo, hi int) { return max(0, k-nb+1), min(k, nb-1) }

// accumulate adds output block k, the 255 coefficients of
// Σ_{i+j=k} a_i·b_j, at its place x^(128k).
func accumulate[T int16 | int32](x *[2 * MaxP]int32, k int, t *[256]T) {
	out := (*[256]int32)(x[k*blockLen:])
	for u := range out {
		out[u] += int32(t[u])
	}
}
