package sample

import (
	"crypto/sha3"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/internal/modnview"
)

// MaxEta is the largest η accepted by [CenteredBinomial]: 2η bits per
// coefficient must fit the 32-bit lane of its bit counter.
const MaxEta = 16

// Uniform fills dst with coefficients drawn uniformly from [0, q), q the
// modulus named by M, by rejection sampling on XOF(seed‖IntegerToBytes(nonce,
// 2)), XOF = SHAKE-128: the idea of SampleNTT (FIPS 203, Algorithm 7) and
// RejNTTPoly (FIPS 204, Algorithm 30) for any q < 2^31. Each candidate is the
// little-endian integer of ⌈b/8⌉ consecutive bytes, b = bitlen(q), masked to
// its low b bits, and is kept if it is below q (so at least half are kept).
//
// dst may have any length; it may be a poly.Poly[M] or a poly.NTTPoly[M]
// (a public matrix entry is usually sampled straight into the NTT domain, as
// FIPS 203's SampleNTT does). Coefficients are written in index order.
//
// The seed is public: the loop branches on the XOF output (rejection
// sampling), as FIPS 203 and 204 allow for ρ. Do not use it for secrets.
func Uniform[M field.Modulus](dst []field.ModN[M], seed []byte, nonce uint16) {
	var m M
	q := m.Params().Q()
	b := m.Params().Bits()
	w := (b + 7) / 8 // 1..4 bytes; 168 is a multiple of each, so no straddling
	mask := uint32(1)<<b - 1
	h := *sha3.NewSHAKE128()
	h.Write(seed)
	h.Write([]byte{byte(nonce), byte(nonce >> 8)})
	out := canonicalWords(dst)
	var buf [rate128]byte
	for i := 0; i < len(out); {
		h.Read(buf[:])
		for j := 0; j < rate128 && i < len(out); j += w {
			var c uint32
			for k := range w {
				c |= uint32(buf[j+k]) << (8 * k)
			}
			c &= mask
			if c < q { // public: rejection on the XOF output of a public seed
				out[i] = c
				i++
			}
		}
	}
}

// CenteredBinomial fills dst with coefficients from the centred binomial
// distribution B_η: coefficient i is x − y mod q, x and y the numbers of
// set bits among bits 2iη … 2iη+η−1 and 2iη+η … 2iη+2η−1 of the stream
// SHAKE-256(seed‖IntegerToBytes(nonce, 2)) (bits little-endian within each
// byte, FIPS 203, Algorithm 4). This is SamplePolyCBD_η (FIPS 203,
// Algorithm 8) for any η in 1..MaxEta and any q; NewHope uses η = 8. Values
// lie in [−η, η] with variance η/2, stored canonically (−1 as q−1).
//
// dst may have any length. It panics if eta is not in 1..MaxEta or not
// below q (a programming error, not bad input).
//
// Constant time: the seed is secret. The bits are counted with masks, shifts
// and one multiplication (no table, unlike a portable math/bits.OnesCount),
// the sign is folded in with a mask, and the loops depend only on len(dst)
// and η.
func CenteredBinomial[M field.Modulus](dst []field.ModN[M], seed []byte, nonce uint16, eta int) {
	var m M
	q := int32(m.Params().Q())
	if eta < 1 || eta > MaxEta || int32(eta) >= q {
		panic("sample: CenteredBinomial needs 1 ≤ η ≤ 16 and η < q")
	}
	h := *sha3.NewSHAKE256()
	h.Write(seed)
	h.Write([]byte{byte(nonce), byte(nonce >> 8)})
	out := canonicalWords(dst)
	var buf [rate256]byte
	pos := rate256
	var acc uint64 // unread stream bits, the next one lowest
	bits := 0      // number of bits in acc; at most 2η + 7 ≤ 39
	low := uint32(1)<<eta - 1
	for i := range out {
		for bits < 2*eta { // public: depends on η and i only
			if pos == rate256 {
				h.Read(buf[:])
				pos = 0
			}
			acc |= uint64(buf[pos]) << bits
			pos++
			bits += 8
		}
		v := uint32(acc)
		d := int32(popCount32(v&low)) - int32(popCount32(v>>eta&low))
		out[i] = uint32(d + q&(d>>31))
		acc >>= 2 * eta
		bits -= 2 * eta
	}
	clear(buf[:])
	h.Reset()
}

// popCount32 returns the number of set bits of v in constant time (SWAR:
// pairwise, then nibble sums, then a multiplication adds the four bytes).
//
// Bounds: requires any v; ensures 0 ≤ r ≤ 32.
func popCount32(v uint32) uint32 {
	v -= v >> 1 & 0x55555555
	v = v&0x33333333 + v>>2&0x33333333
	v = (v + v>>4) & 0x0f0f0f0f
	return v * 0x01010101 >> 24
}

// canonicalWords views dst as the uint32 values it holds; the samplers store
// only values below q, so ModN's invariant (canonical form) holds afterwards.
func canonicalWords[M field.Modulus](dst []field.ModN[M]) []uint32 {
	return modnview.Words(dst)
}
