package ring

import (
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

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
	var prod [2 * MaxP]int32
	r.product(&prod, a, widenSmall(&sb, s), r.smallBound())
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
	bound := r.bigBound()
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
	for n := range 2 * r.p {
		prod[n] = int32(r.reduce(prod[n] + 256*int32(r.reduce(prodHi[n]))))
	}
	r.fold(c, &prod)
}

// product sets prod[n] to a value congruent modulo q to coefficient n of
// a·b in Z[x], for n < 2p (coefficient 2p − 1 is zero), given that every
// such coefficient is at most bound in absolute value.
//
// Bounds: requires |a[i]|, |b[i]| < 2^14, 2·bound < M32·M16; ensures
// |prod[n]| < 2^22.
func (r *Ring) product(prod *[2 * MaxP]int32, a, b []int16, bound int64) {
	switch use16, use32 := primes(bound); {
	case !use32:
		product16(prod, a, b)
	case !use16:
		product32(prod, a, b)
	default:
		var x [2 * MaxP]int32
		product32(prod, a, b)
		product16(&x, a, b)
		r.crtAll(prod, &x)
	}
}

// primes reports which auxiliary primes a product needs whose coefficients
// are at most bound in absolute value: M16 alone if 2·bound < M16, else M32
// alone if 2·bound < M32, else both, joined by the CRT.
func primes(bound int64) (use16, use32 bool) {
	switch {
	case 2*bound < m16:
		return true, false
	case 2*bound < m32:
		return false, true
	}
	return true, true
}

// crtAll sets prod[n] = crt(prod[n], x[n]) for n < 2p: the products modulo
// M32 (prod) and M16 (x) joined, with crtKernel when the module's kernel
// switch selects the AVX2 kernels.
func (r *Ring) crtAll(prod, x *[2 * MaxP]int32) {
	start := 0
	if cpu.AVX2Kernels() {
		start = r.crtAVX2(prod[:2*r.p], x[:2*r.p])
	}
	for n := start; n < 2*r.p; n++ {
		prod[n] = r.crt(prod[n], x[n])
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

// kernelConsts returns the constants of the AVX2 kernels of
// asm/ringreduce: q, (q−1)/2, round(2^32/q), M16·2^12 mod q, then for
// crtKernel's Montgomery product z = M16⁻¹·2^32 mod M32 (centred) and
// z·M32⁻¹ mod 2^32.
func (r *Ring) kernelConsts() [8]int32 {
	z := int64(m16InvMod32) << 32 % m32
	if z > (m32-1)/2 {
		z -= m32
	}
	const m32Inv = 58728449 // M32·m32Inv ≡ 1 (mod 2^32)
	return [8]int32{r.q, r.half, int32(r.m), m16 << 12 % r.q, int32(z), int32(uint32(z) * m32Inv)}
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
// x^(k+1) + x^k, so coefficient i gathers prod[i], prod[i+p] and (for
// i ≥ 1) prod[i+p−1]; prod[2p−1] is zero.
//
// Bounds: requires |prod[n]| < 2^22; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) fold(c []int16, prod *[2 * MaxP]int32) {
	p, q, half, m := r.p, r.q, r.half, r.m
	c = c[:p]
	lo, hi, mid := prod[:p], prod[p:2*p], prod[p-1:2*p-1]
	start := 1
	if cpu.AVX2Kernels() {
		start = max(1, r.foldAVX2(c, lo, hi, mid))
	}
	c[0] = reduce(lo[0]+hi[0], q, half, m)
	for i := start; i < p; i++ {
		c[i] = reduce(lo[i]+hi[i]+mid[i], q, half, m)
	}
}

// blocks returns the number of 128-coefficient blocks of an element of
// length n.
func blocks(n int) int { return (n + blockLen - 1) / blockLen }

// product32 sets x[n] to coefficient n of a·b modulo M32, centred, for
// n < 256·blocks.
//
// Bounds: requires |a[i]|, |b[i]| < M32; ensures |x[n]| ≤ (M32−1)/2.
func product32(x *[2 * MaxP]int32, a, b []int16) {
	var fa, fb [maxBlocks][256]int32
	forward32(fa[:], a)
	forward32(fb[:], b)
	mul32(x, fa[:], fb[:], blocks(len(a)))
}

// forward32 sets f to the transforms modulo M32 of the blocks of a. f
// must be zero beyond the first half of each block.
func forward32(f [][256]int32, a []int16) {
	load32(f, a)
	for i := range blocks(len(a)) {
		ntt.Forward32(&f[i])
	}
}

// mul32 sets x from the transforms of two operands of nb blocks, as
// product32.
func mul32(x *[2 * MaxP]int32, fa, fb [][256]int32, nb int) {
	// Output block k is written to x as soon as its product is known, from
	// its first half and the second half of block k − 1, so only two blocks
	// are held (a stack array is cleared on every call).
	var out [2][256]int32
	simd := cpu.AVX2Kernels()
	for k := range 2 * nb {
		t, prev := &out[k&1], &out[(k+1)&1] // prev is block k − 1 (zero for k = 0)
		if k < 2*nb-1 {
			pa, pb, n := terms(fa, fb, k, nb)
			ntt.DotMont32(t, pa[:n], pb[:n])
			ntt.InverseMont32(t)
		} else {
			clear(t[:blockLen]) // block 2nb − 1 has only block 2nb − 2's second half
		}
		dst := (*[blockLen]int32)(x[k*blockLen:])
		lower, upper := (*[blockLen]int32)(t[:blockLen]), (*[blockLen]int32)(prev[blockLen:])
		if simd {
			center32Kernel(dst, lower, upper)
			continue
		}
		for u := range dst {
			dst[u] = center32(lower[u] + upper[u])
		}
	}
}

// product16 sets x[n] to coefficient n of a·b modulo M16, centred, for
// n < 256·blocks.
//
// Bounds: requires |a[i]|, |b[i]| ≤ 2^14, at most 8 blocks; ensures
// |x[n]| ≤ (M16−1)/2.
func product16(x *[2 * MaxP]int32, a, b []int16) {
	var fa, fb [maxBlocks][256]int16
	forward16(fa[:], a)
	forward16(fb[:], b)
	mul16(x, fa[:], fb[:], blocks(len(a)))
}

// forward16 sets f to the transforms modulo M16 of the blocks of a, as
// forward32.
func forward16(f [][256]int16, a []int16) {
	load16(f, a)
	for i := range blocks(len(a)) {
		ntt.Forward16(&f[i])
	}
}

// mul16 sets x from the transforms of two operands of nb blocks, as
// product16.
func mul16(x *[2 * MaxP]int32, fa, fb [][256]int16, nb int) {
	var out [2][256]int16 // blocks k and k − 1, as in mul32
	simd := cpu.AVX2Kernels()
	for k := range 2 * nb {
		t, prev := &out[k&1], &out[(k+1)&1]
		if k < 2*nb-1 {
			pa, pb, n := terms(fa, fb, k, nb)
			// Bounds: at most maxBlocks = 8 terms, |c| ≤ 8·2002 < 2^14.
			ntt.DotMont16(t, pa[:n], pb[:n])
			ntt.InverseMont16(t)
		} else {
			clear(t[:blockLen])
		}
		dst := (*[blockLen]int32)(x[k*blockLen:])
		lower, upper := (*[blockLen]int16)(t[:blockLen]), (*[blockLen]int16)(prev[blockLen:])
		if simd {
			center16Kernel(dst, lower, upper)
			continue
		}
		for u := range dst {
			dst[u] = center16(int32(lower[u]) + int32(upper[u]))
		}
	}
}

// load32 writes the blocks of a into the first halves of f's transforms
// (the second halves stay zero), with widen16Kernel when the module's
// kernel switch selects the AVX2 kernels.
func load32(f [][256]int32, a []int16) {
	simd := cpu.AVX2Kernels()
	for i := range blocks(len(a)) {
		src := a[i*blockLen : min(i*blockLen+blockLen, len(a))]
		dst := f[i][:len(src)]
		start := 0
		if simd && len(src) >= 16 {
			start = len(src) &^ 15
			widen16Kernel(&dst[0], &src[0], start)
		}
		for u := start; u < len(src); u++ {
			dst[u] = int32(src[u])
		}
	}
}

// load16 is load32 for int16 transforms: a copy.
func load16(f [][256]int16, a []int16) {
	for i := range blocks(len(a)) {
		copy(f[i][:blockLen], a[i*blockLen:min(i*blockLen+blockLen, len(a))])
	}
}

// widenSmall writes the small coefficients s into dst as int16 and returns
// dst[:len(s)], with widen8Kernel when the module's kernel switch selects
// the AVX2 kernels.
func widenSmall(dst *[MaxP]int16, s []int8) []int16 {
	d := dst[:len(s)]
	start := 0
	if cpu.AVX2Kernels() && len(s) >= 16 {
		start = len(s) &^ 15
		widen8Kernel(&d[0], &s[0], start)
	}
	for i := start; i < len(s); i++ {
		d[i] = int16(s[i])
	}
	return d
}

// terms returns the n pairs of transforms (fa[i], fb[k−i]) whose products
// land in output block k, for operands of nb blocks: i runs from
// max(0, k−nb+1) to min(k, nb−1).
func terms[T int16 | int32](fa, fb [][256]T, k, nb int) (pa, pb [maxBlocks]*[256]T, n int) {
	lo, hi := max(0, k-nb+1), min(k, nb-1)
	for i := lo; i <= hi; i++ {
		pa[i-lo], pb[i-lo] = &fa[i], &fb[k-i]
	}
	return pa, pb, hi - lo + 1
}
