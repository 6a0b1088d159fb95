package sample

import (
	"crypto/sha3"

	"github.com/moduletto/moduletto/poly"
)

// SampleNTT implements SampleNTT, FIPS 203, Algorithm 7: it fills dst with
// the NTT-domain polynomial sampled from XOF(ρ‖j‖i), XOF = SHAKE-128, by
// 12-bit rejection sampling. This is the input of FIPS 203, Algorithm 13,
// line 6 for the matrix entry Â[i, j].
//
// Coefficients are written in FIPS order and are canonical, in [0, q) for
// q = 3329.
//
// ρ is public: the loop branches on the XOF output (rejection sampling), as
// FIPS 203 allows.
func SampleNTT(dst *poly.NTTPoly16, rho *[32]byte, j, i byte) {
	var in [34]byte
	xofInput(&in, rho, j, i)
	h := *sha3.NewSHAKE128()
	h.Write(in[:])
	var buf [rate128]byte
	for n := 0; n < poly.N; {
		h.Read(buf[:])
		n = parseNTT16(dst, n, &buf)
	}
}

// SampleMatrix fills dst with the k×k matrix Â of FIPS 203, Algorithm 13,
// lines 3–7 (also Algorithm 14, lines 4–8): Â[i, j] = SampleNTT(ρ‖j‖i).
// Entries are stored row-major: dst[i*k+j] = Â[i, j], or, if transposed,
// dst[i*k+j] = Âᵀ[i, j] = Â[j, i] (what K-PKE.Encrypt multiplies by r̂), so
// row i of the result is dst[i*k : (i+1)*k] either way.
//
// Coefficients are canonical, in [0, q). len(dst) must be at least k·k,
// 1 ≤ k ≤ poly.MaxK; it panics otherwise. The polynomials are sampled four
// at a time through shakeX4.
func SampleMatrix(dst []poly.NTTPoly16, rho *[32]byte, k int, transposed bool) {
	if k < 1 || k > poly.MaxK || len(dst) < k*k {
		panic("sample: SampleMatrix needs 1 ≤ k ≤ 8 and len(dst) ≥ k·k")
	}
	var (
		out [lanes]*poly.NTTPoly16
		in  [lanes][34]byte
	)
	g := 0
	for i := range k {
		for j := range k {
			out[g] = &dst[i*k+j]
			if transposed {
				xofInput(&in[g], rho, byte(i), byte(j))
			} else {
				xofInput(&in[g], rho, byte(j), byte(i))
			}
			if g++; g == lanes {
				sampleNTTx4(&out, &in, g)
				g = 0
			}
		}
	}
	if g > 0 {
		sampleNTTx4(&out, &in, g)
	}
}

// sampleNTTx4 runs SampleNTT (FIPS 203, Algorithm 7) on n ≤ 4 seeds at once,
// out[l] from the 34-byte XOF input in[l].
func sampleNTTx4(out *[lanes]*poly.NTTPoly16, in *[lanes][34]byte, n int) {
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
			if filled[l] = parseNTT16(out[l], filled[l], &bufs[l]); filled[l] == poly.N {
				active &^= 1 << l
			}
		}
	}
}

// parseNTT16 runs the loop body of FIPS 203, Algorithm 7 over one SHAKE-128
// block: each 3 bytes give two 12-bit candidates d1, d2, kept if below q.
// It fills dst from index n on and returns the new count (at most 256).
// The branches depend on public XOF output only.
func parseNTT16(dst *poly.NTTPoly16, n int, buf *[rate128]byte) int {
	for b := 0; b < rate128 && n < poly.N; b += 3 {
		d1 := uint16(buf[b]) | uint16(buf[b+1]&0x0f)<<8
		d2 := uint16(buf[b+1])>>4 | uint16(buf[b+2])<<4
		if d1 < poly.Q16 {
			dst[n] = int16(d1)
			n++
		}
		if d2 < poly.Q16 && n < poly.N {
			dst[n] = int16(d2)
			n++
		}
	}
	return n
}

// xofInput writes ρ‖a‖b, the 34-byte input of SampleNTT and RejNTTPoly.
func xofInput(in *[34]byte, rho *[32]byte, a, b byte) {
	copy(in[:32], rho[:])
	in[32], in[33] = a, b
}
