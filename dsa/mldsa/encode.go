package mldsa

import (
	"errors"

	"github.com/moduletto/moduletto/poly"
)

// The encodings of FIPS 204, Section 7.2, over caller-owned buffers.

// coeffs views a polynomial as the [n]int32 the bit packers take.
func coeffs(p *poly.Poly32) *[n]int32 { return (*[n]int32)(p) }

const t1Max = 1<<(23-d) - 1 // t1 coefficients have bitlen(q−1) − d = 10 bits

// t1RowSize is the size of one row of t1 in pk: SimpleBitPack of 256
// 10-bit values.
const t1RowSize = 32 * (23 - d)

// pkEncodeRow writes row i of pkEncode, FIPS 204, Algorithm 22
// (pk = ρ ‖ SimpleBitPack(t1[0], 2^10 − 1) ‖ … ‖ SimpleBitPack(t1[k−1], …)):
// the 320 bytes of t1[i] at pk[32+320i:]; the caller writes ρ. Key
// generation encodes each row as soon as it is computed, for tr = H(pk, 64)
// to absorb beside the remaining sampling.
//
// Bounds: requires 0 <= t1[j] < 2^10.
func pkEncodeRow(pk []byte, i int, t1 *poly.Poly32) {
	poly.SimpleBitPack(pk[32+i*t1RowSize:], coeffs(t1), t1Max)
}

// pkDecodeRow is row i of pkDecode, FIPS 204, Algorithm 23 (ρ is its first
// 32 bytes): every byte string of the right length is a valid encoding.
//
// Bounds: ensures 0 <= t1[j] < 2^10.
func pkDecodeRow(t1 *poly.Poly32, pk []byte, i int) {
	poly.SimpleBitUnpack(coeffs(t1), pk[32+i*t1RowSize:], t1Max)
}

// t0 is packed with BitPack(t0, 2^(d−1) − 1, 2^(d−1)).
const (
	t0A = 1<<(d-1) - 1
	t0B = 1 << (d - 1)
)

// t0RowSize is the size of one row of t0 in sk: BitPack of 256 13-bit
// values.
const t0RowSize = 32 * d

// t0Offset returns the offset of BitPack(t0) in the skEncode form.
func (p *parameterSet) t0Offset() int { return p.skSize - p.k*t0RowSize }

// skEncode implements skEncode, FIPS 204, Algorithm 24: sk = ρ ‖ K ‖ tr ‖
// BitPack(s1, η, η) ‖ BitPack(s2, η, η) ‖ BitPack(t0, 2^12 − 1, 2^12),
// but for the t0 part, which key generation writes row by row
// (skEncodeT0Row at sk[p.t0Offset():]). len(sk) must be p.skSize.
//
// Bounds: requires −η <= s1, s2 <= η coefficient-wise.
func (p *parameterSet) skEncode(sk []byte, ρ, K *[32]byte, tr *[64]byte, s1, s2 []poly.Poly32) {
	copy(sk[0:], ρ[:])
	copy(sk[32:], K[:])
	copy(sk[64:], tr[:])
	off := 128
	ηSize := 32 * p.ηBits
	for i := range p.l {
		poly.BitPack(sk[off:], coeffs(&s1[i]), p.η, p.η)
		off += ηSize
	}
	for i := range p.k {
		poly.BitPack(sk[off:], coeffs(&s2[i]), p.η, p.η)
		off += ηSize
	}
}

// skEncodeT0Row writes row i of BitPack(t0, 2^12 − 1, 2^12), the last part
// of skEncode (FIPS 204, Algorithm 24), at t0[416i:], where t0 is that part.
//
// Bounds: requires −2^12 < t0i[j] <= 2^12.
func skEncodeT0Row(t0 []byte, i int, t0i *poly.Poly32) {
	poly.BitPack(t0[i*t0RowSize:], coeffs(t0i), t0A, t0B)
}

var errSecretRange = errors.New("mldsa: invalid expanded private key: s1 or s2 coefficient outside [−η, η]")

// skDecode implements skDecode, FIPS 204, Algorithm 25. FIPS 204 leaves
// out-of-range s1, s2 coefficients undetected (they are possible when 2η+1
// is not a power of two); skDecode rejects them. len(sk) must be p.skSize.
// The check runs without branches on the key until the final decision.
// With t0 nil, t0 is not decoded.
//
// Bounds: ensures −η <= s1, s2 <= η and −2^12 < t0 <= 2^12 on success.
func (p *parameterSet) skDecode(ρ, K *[32]byte, tr *[64]byte, s1, s2, t0 []poly.Poly32, sk []byte) error {
	copy(ρ[:], sk[0:])
	copy(K[:], sk[32:])
	copy(tr[:], sk[64:])
	off := 128
	ηSize := 32 * p.ηBits
	ok := 1
	for i := range p.l {
		ok &= poly.BitUnpack(coeffs(&s1[i]), sk[off:], p.η, p.η)
		off += ηSize
	}
	for i := range p.k {
		ok &= poly.BitUnpack(coeffs(&s2[i]), sk[off:], p.η, p.η)
		off += ηSize
	}
	for i := range len(t0) {
		poly.BitUnpack(coeffs(&t0[i]), sk[off:], t0A, t0B) // every 13-bit value is valid
		off += t0RowSize
	}
	if ok != 1 {
		return errSecretRange
	}
	return nil
}

// sigEncode implements sigEncode, FIPS 204, Algorithm 26: σ = c̃ ‖
// BitPack(z[i], γ1 − 1, γ1) ‖ HintBitPack(h). len(sig) must be p.sigSize.
//
// Bounds: requires −γ1 < z[i][j] <= γ1 and at most ω ones in h.
func (p *parameterSet) sigEncode(sig []byte, cTilde []byte, z []poly.Poly32, h *hints) error {
	copy(sig, cTilde[:p.cTilde])
	off := p.cTilde
	zSize := 32 * p.γ1Bits
	for i := range p.l {
		poly.BitPack(sig[off:], coeffs(&z[i]), p.γ1-1, p.γ1)
		off += zSize
	}
	return p.hintBitPack(sig[off:], h)
}

// sigDecode implements sigDecode, FIPS 204, Algorithm 27, returning c̃ as a
// subslice of sig. Every z encoding is in range (γ1 is a power of two); the
// hint encoding is checked by hintBitUnpack. len(sig) must be p.sigSize.
//
// z[i] may point into any memory, such as the NTT vector it is then
// transformed into.
//
// Bounds: ensures −γ1 < z[i][j] <= γ1.
func (p *parameterSet) sigDecode(z []*poly.Poly32, h *hints, sig []byte) (cTilde []byte, err error) {
	cTilde = sig[:p.cTilde]
	off := p.cTilde
	zSize := 32 * p.γ1Bits
	for i := range p.l {
		poly.BitUnpack(coeffs(z[i]), sig[off:], p.γ1-1, p.γ1)
		off += zSize
	}
	return cTilde, p.hintBitUnpack(h, sig[off:])
}

// w1Encode implements w1Encode, FIPS 204, Algorithm 28: the concatenation of
// SimpleBitPack(w1[i], (q−1)/(2γ2) − 1). len(dst) must be k·32·w1Bits. It
// runs once per signing iteration and per verification, on poly's paired
// loops for widths 4 and 6.
//
// Bounds: requires 0 <= w1[i][j] < (q−1)/(2γ2).
func (p *parameterSet) w1Encode(dst []byte, w1 []poly.Poly32) {
	for i := range p.k {
		p.w1EncodeRow(dst, i, &w1[i])
	}
}

// w1EncodeRow writes row i of w1Encode(w1) into dst.
func (p *parameterSet) w1EncodeRow(dst []byte, i int, w1 *poly.Poly32) {
	size := 32 * p.w1Bits
	poly.SimpleBitPack(dst[i*size:], coeffs(w1), p.m-1)
}
