package sample

import (
	"crypto/sha3"

	"github.com/moduletto/moduletto/poly"
)

// RejBoundedPoly implements RejBoundedPoly, FIPS 204, Algorithm 31, on the
// seed ρ‖IntegerToBytes(nonce, 2): every byte of SHAKE-256(ρ‖nonce) gives
// two half-byte candidates (low half first), mapped by CoeffFromHalfByte
// (Algorithm 15): for η = 2, b < 15 gives 2 − (b mod 5); for η = 4, b < 9
// gives 4 − b; other b are rejected.
//
// Coefficients are centred, in [−η, η] (not reduced mod q), ready for the
// int32 NTT. eta must be 2 or 4; it panics otherwise.
//
// Timing: ρ is secret here. The values are computed without branches
// (b mod 5 by multiply and shift), but whether a half-byte is kept, and so
// the number of SHAKE bytes read, depends on the stream: FIPS 204 accepts
// this data-dependent loop (the exception is named in Section 3.6.3).
func RejBoundedPoly(dst *poly.Poly32, rho *[64]byte, nonce uint16, eta int) {
	if eta != 2 && eta != 4 {
		panic("sample: RejBoundedPoly needs η ∈ {2, 4}")
	}
	var in [66]byte
	boundedInput(&in, rho, nonce)
	h := *sha3.NewSHAKE256()
	h.Write(in[:])
	var buf [rate256]byte
	for n := 0; n < poly.N; {
		h.Read(buf[:])
		n = parseBounded(dst, n, buf[:], eta)
	}
}

// ExpandS implements ExpandS, FIPS 204, Algorithm 33: s1[r] =
// RejBoundedPoly(ρ‖r) for r < ℓ = len(s1) and s2[r] = RejBoundedPoly(ρ‖ℓ+r)
// for r < k = len(s2), sampled four at a time through shakeX4.
//
// Coefficients are centred, in [−η, η]. eta must be 2 or 4; it panics
// otherwise. Timing as for [RejBoundedPoly].
func ExpandS(s1, s2 []poly.Poly32, rho *[64]byte, eta int) {
	if eta != 2 && eta != 4 {
		panic("sample: ExpandS needs η ∈ {2, 4}")
	}
	var (
		out [lanes]*poly.Poly32
		in  [lanes][66]byte
	)
	g, l := 0, len(s1)
	for r := range l + len(s2) {
		if r < l {
			out[g] = &s1[r]
		} else {
			out[g] = &s2[r-l]
		}
		boundedInput(&in[g], rho, uint16(r))
		if g++; g == lanes {
			rejBoundedPolyx4(&out, &in, g, eta)
			g = 0
		}
	}
	if g > 0 {
		rejBoundedPolyx4(&out, &in, g, eta)
	}
}

// rejBoundedPolyx4 runs RejBoundedPoly (FIPS 204, Algorithm 31) on n ≤ 4
// seeds at once, out[l] from the 66-byte seed in[l].
func rejBoundedPolyx4(out *[lanes]*poly.Poly32, in *[lanes][66]byte, n, eta int) {
	var (
		x      shakeX4
		seeds  [lanes][]byte
		bufs   [lanes][rate128]byte
		filled [lanes]int
	)
	for l := range n {
		seeds[l] = in[l][:]
	}
	x.absorb256(seeds[:n])
	for active := laneMask(n); active != 0; {
		x.squeezeBlocks(&bufs, active)
		for l := range n {
			if active>>l&1 == 0 {
				continue
			}
			if filled[l] = parseBounded(out[l], filled[l], bufs[l][:rate256], eta); filled[l] == poly.N {
				active &^= 1 << l
			}
		}
	}
}

// parseBounded runs the loop body of FIPS 204, Algorithm 31 over one
// SHAKE-256 block, filling dst from index n on; it returns the new count (at
// most 256). Only the keep/reject decision branches (see [RejBoundedPoly]).
func parseBounded(dst *poly.Poly32, n int, buf []byte, eta int) int {
	for _, z := range buf {
		if n == poly.N {
			break
		}
		z0, z1 := int32(z&0x0f), int32(z>>4)
		if eta == 2 {
			if z0 < 15 {
				dst[n] = 2 - mod5(z0)
				n++
			}
			if z1 < 15 && n < poly.N {
				dst[n] = 2 - mod5(z1)
				n++
			}
		} else {
			if z0 < 9 {
				dst[n] = 4 - z0
				n++
			}
			if z1 < 9 && n < poly.N {
				dst[n] = 4 - z1
				n++
			}
		}
	}
	return n
}

// mod5 returns b mod 5 without a division: ⌊b·205/1024⌋ = ⌊b/5⌋ for
// 0 ≤ b < 15 (205/1024 exceeds 1/5 by 1/5120, too little to reach the next
// multiple below 1024).
//
// Bounds: requires 0 ≤ b < 15; ensures 0 ≤ r < 5.
func mod5(b int32) int32 {
	return b - 5*(b*205>>10)
}

// boundedInput writes ρ‖IntegerToBytes(r, 2), the 66-byte seed of
// RejBoundedPoly.
func boundedInput(in *[66]byte, rho *[64]byte, r uint16) {
	copy(in[:64], rho[:])
	in[64], in[65] = byte(r), byte(r>>8)
}
