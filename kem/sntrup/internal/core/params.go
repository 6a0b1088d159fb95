// Package core implements Streamlined NTRU Prime (the KEM sntrup of the
// NTRU Prime round-3 specification, as OpenSSH and SUPERCOP ship it) over
// the rings of package ring, for the parameter sets sntrup653, sntrup761
// and sntrup857. Packages sntrup and sntruptest wrap it.
package core

import (
	"fmt"

	"github.com/moduletto/moduletto/ring"
)

// maxP is the largest p of the three parameter sets (sntrup857): the
// fixed-size stack buffers of key generation, encapsulation and
// decapsulation are sized by it.
const maxP = 857

// maxSmall is the size of the Small encoding for maxP.
const maxSmall = (maxP + 3) / 4

// HashSize is the size of every hash output of the scheme: the shared key,
// the confirmation and the cached hash of the public key.
const HashSize = 32

// Params is one parameter set (p, q, w) and the sizes of its encodings.
type Params struct {
	name    string
	p, q, w int
	rq, r3  *ring.Ring
	// codecQ and codecRounded are the two variable-radix encodings, their
	// level structure computed once: p limbs of radix q (public keys) and p
	// limbs of radix (q+2)/3 (the rounded part of ciphertexts).
	codecQ, codecRounded *ring.Codec
	// batchR3 is whether batch key generation inverts the g_i in R/3 by
	// Montgomery's trick (see drawBatch): worth it when a random g is
	// rarely not invertible, which depends on the factors of x^p − x − 1
	// modulo 3.
	batchR3 bool

	smallSize   int // Small encoding: 2 bits per coefficient
	pkSize      int // Encode(h + (q−1)/2, radix q)
	roundedSize int // Encode((c + (q−1)/2)/3, radix (q+2)/3)
}

// The three parameter sets of the specification. Modulo 3, the smallest
// irreducible factor of x^p − x − 1 has degree 3 for p = 653, 19 for 761
// and 25 for 857, so a random g is not invertible in R/3 with probability
// about 3^−3, 3^−19 and 3^−25: for sntrup653 a batch of 32 would have to
// start over (drawBatch) about 70 % of the time, and it inverts each g on
// its own.
var (
	SNTRUP653 = newParams("sntrup653", 653, 4621, 288, false)
	SNTRUP761 = newParams("sntrup761", 761, 4591, 286, true)
	SNTRUP857 = newParams("sntrup857", 857, 5167, 322, true)
)

func newParams(name string, p, q, w int, batchR3 bool) *Params {
	rq, err := ring.New(p, q)
	if err != nil {
		panic(err)
	}
	r3, err := ring.New(p, 3)
	if err != nil {
		panic(err)
	}
	radixQ, radixRounded := make([]uint16, p), make([]uint16, p)
	for i := range p {
		radixQ[i], radixRounded[i] = uint16(q), uint16((q+2)/3)
	}
	pp := &Params{name: name, p: p, q: q, w: w, rq: rq, r3: r3, batchR3: batchR3}
	if pp.codecQ, err = ring.NewCodec(radixQ); err != nil {
		panic(err)
	}
	if pp.codecRounded, err = ring.NewCodec(radixRounded); err != nil {
		panic(err)
	}
	pp.smallSize = (p + 3) / 4
	pp.pkSize = pp.codecQ.Len()
	pp.roundedSize = pp.codecRounded.Len()
	return pp
}

// Name returns the name of the parameter set, e.g. "sntrup761".
func (pp *Params) Name() string { return pp.name }

// EncapsulationKeySize returns the size of an encoded public key.
func (pp *Params) EncapsulationKeySize() int { return pp.pkSize }

// CiphertextSize returns the size of a ciphertext: the rounded part and
// the 32-byte confirmation.
func (pp *Params) CiphertextSize() int { return pp.roundedSize + HashSize }

// DecapsulationKeySize returns the size of an encoded secret key:
// Small(f) ‖ Small(1/g) ‖ pk ‖ ρ ‖ Hash4(pk).
func (pp *Params) DecapsulationKeySize() int { return 3*pp.smallSize + pp.pkSize + HashSize }

// randomSize is the number of bytes one Short or Small draw reads: 4p,
// one little-endian 32-bit word per coefficient.
func (pp *Params) randomSize() int { return 4 * pp.p }

func (pp *Params) String() string {
	return fmt.Sprintf("%s (p = %d, q = %d, w = %d)", pp.name, pp.p, pp.q, pp.w)
}
