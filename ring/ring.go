package ring

import (
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/internal/cpu"
)

// MaxP is the largest degree p that [New] accepts: a product is computed
// from blocks of 128 coefficients, at most 8 blocks per operand (see
// mul.go).
const MaxP = 1024

// MaxQ bounds the coefficient modulus: q < MaxQ, so a centred coefficient
// fits an int16 with room for one addition.
const MaxQ = 1 << 15

// ErrParams is wrapped by the errors of [New].
var ErrParams = errors.New("ring: invalid parameters")

// A Ring is R_q = Z_q[x]/(x^p − x − 1) for a prime p and a prime q, the
// ring of Streamlined NTRU Prime (with q = 4591, p = 761 for sntrup761,
// and q = 3 for its small polynomials). A Ring holds only constants; it is
// safe for concurrent use.
//
// Elements are []int16 slices of length p, coefficient i at index i, each
// canonical in the centred range [−(q−1)/2, (q−1)/2]. The methods panic if
// a slice has another length (a programming error, not bad input).
type Ring struct {
	p    int      // degree of the modulus x^p − x − 1
	q    int32    // coefficient modulus
	half int32    // (q−1)/2, the largest centred coefficient
	m    int64    // round(2^32 / q), the Barrett multiplier of reduce
	r16  int32    // 2^16 mod q
	k    [8]int32 // the constants of the AVX2 kernels (see kernelConsts)
}

// New returns the ring Z_q[x]/(x^p − x − 1). It needs p prime with
// 3 ≤ p ≤ MaxP and q an odd prime below MaxQ. It does not require
// x^p − x − 1 to be irreducible modulo q: [Ring.Invert] reports elements
// that have no inverse.
func New(p, q int) (*Ring, error) {
	if p < 3 || p > MaxP || !isPrime(p) {
		return nil, fmt.Errorf("%w: p = %d, want a prime in [3, %d]", ErrParams, p, MaxP)
	}
	if q < 3 || q >= MaxQ || !isPrime(q) {
		return nil, fmt.Errorf("%w: q = %d, want an odd prime below %d", ErrParams, q, MaxQ)
	}
	r := &Ring{
		p:    p,
		q:    int32(q),
		half: int32(q-1) / 2,
		m:    (int64(1)<<32 + int64(q)/2) / int64(q), // below 2^31 for q ≥ 3
		r16:  int32(1<<16) % int32(q),
	}
	r.k = r.kernelConsts()
	return r, nil
}

// P returns the degree p of the modulus x^p − x − 1.
func (r *Ring) P() int { return r.p }

// Q returns the coefficient modulus q.
func (r *Ring) Q() int { return int(r.q) }

// String returns a description such as "Z_4591[x]/(x^761 − x − 1)".
func (r *Ring) String() string { return fmt.Sprintf("Z_%d[x]/(x^%d − x − 1)", r.q, r.p) }

// reduce returns x modulo q in the centred range, with no branch or
// division: a Barrett quotient estimate, then one correction each way.
//
// Bounds: requires |x| < 2^31; ensures |r| ≤ (q−1)/2.
func (r *Ring) reduce(x int32) int16 { return reduce(x, r.q, r.half, r.m) }

// reduce is Ring.reduce with the ring's constants in registers, for loops.
func reduce(x, q, half int32, m int64) int16 {
	t := (int64(x)*m + 1<<31) >> 32
	y := x - int32(t)*q
	y -= q & ((half - y) >> 31) // y > half: subtract q
	y += q & ((y + half) >> 31) // y < −half: add q
	return int16(y)
}

// Reduce sets c[i] to a[i] modulo q, in the centred range. It is how
// coefficients computed elsewhere (sums, scaled values) become an element.
//
// Bounds: requires |a[i]| < 2^31; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) Reduce(c []int16, a []int32) {
	r.check(c)
	r.check32(a)
	q, half, m := r.q, r.half, r.m
	c = c[:len(a)]
	start := 0
	if cpu.AVX2Kernels() {
		start = r.reduceAVX2(c, a)
	}
	for i := start; i < len(a); i++ {
		c[i] = reduce(a[i], q, half, m)
	}
}

func (r *Ring) check(a []int16) {
	if len(a) != r.p {
		panic(fmt.Sprintf("ring: element of length %d for %v (want %d)", len(a), r, r.p))
	}
}

func (r *Ring) check32(a []int32) {
	if len(a) != r.p {
		panic(fmt.Sprintf("ring: input of length %d for %v (want %d)", len(a), r, r.p))
	}
}

func (r *Ring) check8(a []int8) {
	if len(a) != r.p {
		panic(fmt.Sprintf("ring: small element of length %d for %v (want %d)", len(a), r, r.p))
	}
}

// isPrime reports whether n is prime, by trial division (n is a public
// parameter).
func isPrime(n int) bool {
	if n < 2 {
		return false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return false
		}
	}
	return true
}
