package poly

import (
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

// Add sets p = a + b coefficient-wise without reduction and returns p.
// p may alias a or b.
//
// Bounds: requires |a[i] + b[i]| < 2^15; ensures p[i] = a[i] + b[i].
func (p *Poly16) Add(a, b *Poly16) *Poly16 {
	add16((*[N]int16)(p), (*[N]int16)(a), (*[N]int16)(b))
	return p
}

// Sub sets p = a − b coefficient-wise without reduction and returns p.
// p may alias a or b.
//
// Bounds: requires |a[i] − b[i]| < 2^15; ensures p[i] = a[i] − b[i].
func (p *Poly16) Sub(a, b *Poly16) *Poly16 {
	sub16((*[N]int16)(p), (*[N]int16)(a), (*[N]int16)(b))
	return p
}

// Reduce reduces every coefficient of p to its centred representative and
// returns p.
//
// Bounds: requires any int16; ensures |p[i]| ≤ (q−1)/2.
func (p *Poly16) Reduce() *Poly16 {
	reduce16((*[N]int16)(p))
	return p
}

// Normalize reduces every coefficient of p to its canonical representative
// in [0, q), without branches, and returns p.
//
// Bounds: requires any int16; ensures 0 ≤ p[i] < q.
func (p *Poly16) Normalize() *Poly16 {
	ntt.Reduce16((*[N]int16)(p))
	return p
}

// Add sets p = a + b in the NTT domain without reduction and returns p.
//
// Bounds: requires |a[i] + b[i]| < 2^15; ensures p[i] = a[i] + b[i].
func (p *NTTPoly16) Add(a, b *NTTPoly16) *NTTPoly16 {
	add16((*[N]int16)(p), (*[N]int16)(a), (*[N]int16)(b))
	return p
}

// Sub sets p = a − b in the NTT domain without reduction and returns p.
//
// Bounds: requires |a[i] − b[i]| < 2^15; ensures p[i] = a[i] − b[i].
func (p *NTTPoly16) Sub(a, b *NTTPoly16) *NTTPoly16 {
	sub16((*[N]int16)(p), (*[N]int16)(a), (*[N]int16)(b))
	return p
}

// Reduce reduces every coefficient of p to its centred representative and
// returns p.
//
// Bounds: requires any int16; ensures |p[i]| ≤ (q−1)/2.
func (p *NTTPoly16) Reduce() *NTTPoly16 {
	reduce16((*[N]int16)(p))
	return p
}

// Normalize reduces every coefficient of p to [0, q), without branches, and
// returns p.
//
// Bounds: requires any int16; ensures 0 ≤ p[i] < q.
func (p *NTTPoly16) Normalize() *NTTPoly16 {
	ntt.Reduce16((*[N]int16)(p))
	return p
}

// add16 sets p = a + b coefficient-wise, wrapping as int16 arithmetic does;
// add16AVX2 (poly_amd64.s) is its vector twin.
func add16(p, a, b *[N]int16) {
	if cpu.AVX2Kernels() {
		add16AVX2(p, a, b)
		return
	}
	for i := range p {
		p[i] = a[i] + b[i]
	}
}

// sub16 sets p = a − b coefficient-wise, wrapping as int16 arithmetic does;
// sub16AVX2 (poly_amd64.s) is its vector twin.
func sub16(p, a, b *[N]int16) {
	if cpu.AVX2Kernels() {
		sub16AVX2(p, a, b)
		return
	}
	for i := range p {
		p[i] = a[i] - b[i]
	}
}

func reduce16(p *[N]int16) {
	for i := range p {
		p[i] = barrettReduce16(p[i])
	}
}
