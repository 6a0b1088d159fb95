package sample

import "github.com/moduletto/moduletto/poly"

// sampler names what the lanes of a [group] compute. It fixes the XOF
// (SHAKE-128 or SHAKE-256), the input length, and how the output is turned
// into a polynomial.
type sampler uint8

const (
	samplerNTT16    sampler = iota // SampleNTT (FIPS 203, Alg. 7): SHAKE-128(ρ‖j‖i) → int16
	samplerNTT32                   // RejNTTPoly (FIPS 204, Alg. 30): SHAKE-128(ρ‖s‖r) → int32
	samplerBounded2                // RejBoundedPoly, η = 2 (FIPS 204, Alg. 31): SHAKE-256(ρ‖n) → int32
	samplerBounded4                // RejBoundedPoly, η = 4
	samplerCBD2                    // SamplePolyCBD_2(PRF_2(σ, N)) (FIPS 203, Alg. 8): SHAKE-256 → int16
	samplerCBD3                    // SamplePolyCBD_3(PRF_3(σ, N))
	samplerMask18                  // ExpandMask, γ1 = 2^17 (FIPS 204, Alg. 34): SHAKE-256 → int32
	samplerMask20                  // ExpandMask, γ1 = 2^19
)

// inputLen is the length of the XOF input: 34 bytes (ρ‖a‖b), 33 (s‖b) or 66
// (ρ‖IntegerToBytes(n, 2)).
func (s sampler) inputLen() int {
	switch s {
	case samplerNTT16, samplerNTT32:
		return 34
	case samplerCBD2, samplerCBD3:
		return 33
	}
	return 66
}

// outputLen is the fixed XOF output length of the non-rejection samplers,
// and 0 for rejection samplers, which read whole blocks until done.
func (s sampler) outputLen() int {
	switch s {
	case samplerCBD2:
		return 128
	case samplerCBD3:
		return 192
	case samplerMask18:
		return 576
	case samplerMask20:
		return 640
	}
	return 0
}

// group collects up to four polynomials of one sampler so that their
// SHAKE instances run side by side in a [shakeX4]. Every sampler in this
// package, except SampleInBall, produces its polynomials through run: a
// single polynomial is a group of one.
type group struct {
	kind  sampler
	n     int // lanes filled
	in    [lanes][66]byte
	out16 [lanes]*[poly.N]int16
	out32 [lanes]*[poly.N]int32
}

// next returns the input buffer of the next lane; the caller writes the XOF
// input into its first kind.inputLen() bytes, then calls add16 or add32.
func (g *group) next() *[66]byte { return &g.in[g.n] }

// add16 sets the output of the lane filled by next and runs the group if it
// is full.
func (g *group) add16(dst *[poly.N]int16) {
	g.out16[g.n] = dst
	if g.n++; g.n == lanes {
		g.run()
	}
}

// add32 is add16 for int32 outputs.
func (g *group) add32(dst *[poly.N]int32) {
	g.out32[g.n] = dst
	if g.n++; g.n == lanes {
		g.run()
	}
}

// run samples the polynomials of the lanes filled so far and empties the
// group. It does nothing for an empty group.
func (g *group) run() {
	if g.n == 0 {
		return
	}
	var (
		x     shakeX4
		seeds [lanes][]byte
	)
	for l := range g.n {
		seeds[l] = g.in[l][:g.kind.inputLen()]
	}
	if g.kind == samplerNTT16 || g.kind == samplerNTT32 {
		x.absorb128(seeds[:g.n])
	} else {
		x.absorb256(seeds[:g.n])
	}
	if size := g.kind.outputLen(); size > 0 {
		var (
			bufs [lanes][640]byte
			outs [lanes][]byte
		)
		for l := range g.n {
			outs[l] = bufs[l][:size]
		}
		x.read(outs[:g.n])
		for l := range g.n {
			g.finish(l, &bufs[l])
		}
	} else {
		// Rejection sampling: squeeze one block per unfinished lane until
		// every lane has 256 coefficients.
		var (
			blocks [lanes][rate128]byte
			filled [lanes]int
		)
		for active := laneMask(g.n); active != 0; {
			x.squeezeBlocks(&blocks, active)
			for l := range g.n {
				if active>>l&1 == 0 {
					continue
				}
				if filled[l] = g.parse(l, filled[l], &blocks[l]); filled[l] == poly.N {
					active &^= 1 << l
				}
			}
		}
	}
	g.n = 0
}

// parse feeds one XOF block to the rejection sampler of lane l, which has
// n coefficients so far, and returns the new count.
func (g *group) parse(l, n int, block *[rate128]byte) int {
	switch g.kind {
	case samplerNTT16:
		return parseNTT16(g.out16[l], n, block)
	case samplerNTT32:
		return parseNTT32(g.out32[l], n, block)
	case samplerBounded2:
		return parseBounded(g.out32[l], n, block[:rate256], 2)
	default: // samplerBounded4
		return parseBounded(g.out32[l], n, block[:rate256], 4)
	}
}

// finish turns the fixed-length XOF output of lane l into its polynomial.
func (g *group) finish(l int, buf *[640]byte) {
	switch g.kind {
	case samplerCBD2:
		cbd2(g.out16[l], (*[128]byte)(buf[:128]))
	case samplerCBD3:
		cbd3(g.out16[l], (*[192]byte)(buf[:192]))
	case samplerMask18:
		unpackMask18(g.out32[l], (*[576]byte)(buf[:576]))
	default: // samplerMask20
		unpackMask20(g.out32[l], buf)
	}
}
