package poly

import "github.com/moduletto/moduletto/ntt"

// Add sets p = a + b coefficient-wise without reduction and returns p.
// p may alias a or b.
//
// Bounds: requires |a[i] + b[i]| < 2^31; ensures p[i] = a[i] + b[i].
func (p *Poly32) Add(a, b *Poly32) *Poly32 {
	add32((*[N]int32)(p), (*[N]int32)(a), (*[N]int32)(b))
	return p
}

// Sub sets p = a − b coefficient-wise without reduction and returns p.
// p may alias a or b.
//
// Bounds: requires |a[i] − b[i]| < 2^31; ensures p[i] = a[i] − b[i].
func (p *Poly32) Sub(a, b *Poly32) *Poly32 {
	sub32((*[N]int32)(p), (*[N]int32)(a), (*[N]int32)(b))
	return p
}

// Reduce replaces every coefficient a of p by a − ⌊a/2^23⌉·q ≡ a and
// returns p.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures −6283009 ≤ p[i] ≤ 6283008.
func (p *Poly32) Reduce() *Poly32 {
	ntt.Reduce32((*[N]int32)(p))
	return p
}

// Normalize reduces every coefficient of p to [0, q), without branches, and
// returns p.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures 0 ≤ p[i] < q.
func (p *Poly32) Normalize() *Poly32 {
	ntt.Freeze32((*[N]int32)(p))
	return p
}

// Center reduces every coefficient of p to its centred representative
// p[i] mod± q (FIPS 204, Section 2.3), without branches, and returns p.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures |p[i]| ≤ (q−1)/2.
func (p *Poly32) Center() *Poly32 {
	for i := range p {
		p[i] = center32(p[i])
	}
	return p
}

// InfinityNorm returns ‖p‖∞ = max_i |p[i] mod± q| (FIPS 204, Section 2.3),
// computed without branches on the coefficients.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures 0 ≤ r ≤ (q−1)/2.
func (p *Poly32) InfinityNorm() int32 {
	var m int32
	for _, c := range p {
		c = center32(c)
		c = (c ^ c>>31) - c>>31 // |c|
		// m = max(m, c): the sign of m − c selects.
		m -= (m - c) & ((m - c) >> 31)
	}
	return m
}

// Add sets p = a + b in the NTT domain without reduction and returns p.
//
// Bounds: requires |a[i] + b[i]| < 2^31; ensures p[i] = a[i] + b[i].
func (p *NTTPoly32) Add(a, b *NTTPoly32) *NTTPoly32 {
	add32((*[N]int32)(p), (*[N]int32)(a), (*[N]int32)(b))
	return p
}

// Sub sets p = a − b in the NTT domain without reduction and returns p.
//
// Bounds: requires |a[i] − b[i]| < 2^31; ensures p[i] = a[i] − b[i].
func (p *NTTPoly32) Sub(a, b *NTTPoly32) *NTTPoly32 {
	sub32((*[N]int32)(p), (*[N]int32)(a), (*[N]int32)(b))
	return p
}

// Reduce replaces every coefficient a of p by a − ⌊a/2^23⌉·q ≡ a and
// returns p.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures −6283009 ≤ p[i] ≤ 6283008.
func (p *NTTPoly32) Reduce() *NTTPoly32 {
	ntt.Reduce32((*[N]int32)(p))
	return p
}

// Normalize reduces every coefficient of p to [0, q), without branches, and
// returns p.
//
// Bounds: requires p[i] < 2^31 − 2^22; ensures 0 ≤ p[i] < q.
func (p *NTTPoly32) Normalize() *NTTPoly32 {
	ntt.Freeze32((*[N]int32)(p))
	return p
}

func add32(p, a, b *[N]int32) {
	for i := range p {
		p[i] = a[i] + b[i]
	}
}

func sub32(p, a, b *[N]int32) {
	for i := range p {
		p[i] = a[i] - b[i]
	}
}
