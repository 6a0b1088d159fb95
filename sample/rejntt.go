package sample

import (
	"crypto/sha3"

	"github.com/moduletto/moduletto/poly"
)

// RejNTTPoly implements RejNTTPoly, FIPS 204, Algorithm 30, on the seed
// ρ‖s‖r, as ExpandA (Algorithm 32) calls it for Â[r, s]: every 3 bytes of
// SHAKE-128(ρ‖s‖r) give a 23-bit candidate (CoeffFromThreeBytes,
// Algorithm 14), kept if below q.
//
// Coefficients are written in FIPS order and are canonical, in [0, q) for
// q = 8380417.
//
// ρ is public: the loop branches on the XOF output (rejection sampling), as
// FIPS 204 allows.
func RejNTTPoly(dst *poly.NTTPoly32, rho *[32]byte, s, r byte) {
	var in [34]byte
	xofInput(&in, rho, s, r)
	h := *sha3.NewSHAKE128()
	h.Write(in[:])
	var buf [rate128]byte
	for n := 0; n < poly.N; {
		h.Read(buf[:])
		n = parseNTT32(dst, n, &buf)
	}
}

// ExpandA implements ExpandA, FIPS 204, Algorithm 32: it fills dst with the
// k×ℓ matrix Â, row-major, dst[r*l+s] = Â[r, s] = RejNTTPoly(ρ‖s‖r), so row
// r is dst[r*l : (r+1)*l].
//
// Coefficients are canonical, in [0, q). len(dst) must be at least k·ℓ with
// 1 ≤ k, ℓ ≤ poly.MaxK; it panics otherwise. The polynomials are sampled
// four at a time through shakeX4.
func ExpandA(dst []poly.NTTPoly32, rho *[32]byte, k, l int) {
	if k < 1 || l < 1 || k > poly.MaxK || l > poly.MaxK || len(dst) < k*l {
		panic("sample: ExpandA needs 1 ≤ k, ℓ ≤ 8 and len(dst) ≥ k·ℓ")
	}
	var (
		out [lanes]*poly.NTTPoly32
		in  [lanes][34]byte
	)
	g := 0
	for r := range k {
		for s := range l {
			out[g] = &dst[r*l+s]
			xofInput(&in[g], rho, byte(s), byte(r))
			if g++; g == lanes {
				rejNTTPolyx4(&out, &in, g)
				g = 0
			}
		}
	}
	if g > 0 {
		rejNTTPolyx4(&out, &in, g)
	}
}

// rejNTTPolyx4 runs RejNTTPoly (FIPS 204, Algorithm 30) on n ≤ 4 seeds at
// once, out[l] from the 34-byte seed in[l].
func rejNTTPolyx4(out *[lanes]*poly.NTTPoly32, in *[lanes][34]byte, n int) {
	var (
		x      shakeX4
		seeds  [lanes][]byte
		bufs   [lanes][rate128]byte
		filled [lanes]int
	)
	for l := range n {
		seeds[l] = in[l][:]
	}
	x.absorb128(seeds[:n])
	for active := laneMask(n); active != 0; {
		x.squeezeBlocks(&bufs, active)
		for l := range n {
			if active>>l&1 == 0 {
				continue
			}
			if filled[l] = parseNTT32(out[l], filled[l], &bufs[l]); filled[l] == poly.N {
				active &^= 1 << l
			}
		}
	}
}

// parseNTT32 runs the loop body of FIPS 204, Algorithm 30 over one SHAKE-128
// block: CoeffFromThreeBytes (Algorithm 14) clears the top bit of the third
// byte and keeps the 23-bit value if it is below q. It fills dst from index
// n on and returns the new count (at most 256). The branch depends on public
// XOF output only.
func parseNTT32(dst *poly.NTTPoly32, n int, buf *[rate128]byte) int {
	for b := 0; b < rate128 && n < poly.N; b += 3 {
		z := uint32(buf[b]) | uint32(buf[b+1])<<8 | uint32(buf[b+2]&0x7f)<<16
		if z < poly.Q32 {
			dst[n] = int32(z)
			n++
		}
	}
	return n
}
