package ring

import "fmt"

// An Algebra is a commutative ring with elements of type E, as [BatchInvert]
// uses it. E is a reference to storage the methods write, such as a slice
// ([]int16 for a [*Ring]) or a pointer. *Ring is an Algebra[[]int16].
type Algebra[E any] interface {
	// Mul sets c = a·b; c may alias a or b.
	Mul(c, a, b E)
	// Invert sets c = 1/a and reports whether a is invertible; c may
	// alias a.
	Invert(c, a E) bool
}

// *Ring is an Algebra over its elements.
var _ Algebra[[]int16] = (*Ring)(nil)

// BatchInvert sets inv[i] = 1/a[i] for every i, with one inversion and
// 3(n − 1) multiplications for n = len(a) elements, by Montgomery's trick
// (P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of
// factorization", Math. Comp. 48, 1987, Section 10.3.1; the batch key
// generation of OpenSSLNTRU, Bernstein, Brumley, Chen and Tuveri, USENIX
// Security 2022, Section 2): inv[i] first holds the prefix products
// a[0]⋯a[i], the last of which is inverted, and a backward pass peels off
// one factor at a time. tmp is scratch space for one element.
//
// It reports whether every a[i] is invertible. The trick inverts only the
// product, so when it is not, it cannot tell which a[i] was not, and inv
// holds the products of what alg.Invert left in tmp (zeros for a [*Ring]).
// Which elements were invertible is then for the caller to find out, one
// at a time. The sequence of operations depends only on n.
//
// inv and a must have the same length, and no inv[i] may share storage
// with an a[j] or with tmp (the a[j] are read until the end).
func BatchInvert[E any](alg Algebra[E], inv, a []E, tmp E) bool {
	if len(inv) != len(a) {
		panic(fmt.Sprintf("ring: BatchInvert of %d elements into %d", len(a), len(inv)))
	}
	n := len(a)
	switch n {
	case 0:
		return true
	case 1:
		return alg.Invert(inv[0], a[0])
	}
	// inv[i] = a[0]⋯a[i] for i ≥ 1; inv[0] is not needed as a prefix.
	alg.Mul(inv[1], a[0], a[1])
	for i := 2; i < n; i++ {
		alg.Mul(inv[i], inv[i-1], a[i])
	}
	ok := alg.Invert(tmp, inv[n-1])
	// tmp = 1/(a[0]⋯a[i]) on entry to step i.
	for i := n - 1; i >= 2; i-- {
		alg.Mul(inv[i], tmp, inv[i-1]) // 1/a[i]
		alg.Mul(tmp, tmp, a[i])
	}
	alg.Mul(inv[1], tmp, a[0])
	alg.Mul(inv[0], tmp, a[1])
	return ok
}
