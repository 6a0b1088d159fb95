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

// group collects the XOF inputs of up to four polynomials of one sampler so
// that their SHAKE instances run side by side in a [shakeX4]. Every sampler
// in this package, except SampleInBall, produces its polynomials through
// run16 or run32: a single polynomial is a group of one.
//
// The destinations live in an array in the caller's frame, not in the group:
// Go's escape analysis sends any pointer stored through a pointer to the
// heap, and the callers' polynomials must stay where the callers put them.
//
// Use:
//
//	g := group{kind: samplerNTT16}
//	var out [lanes]*[poly.N]int16
//	for each polynomial {
//		xofInput(g.next(), …)
//		out[g.n] = destination
//		if g.add() {
//			g.run16(&out)
//		}
//	}
//	g.run16(&out)
type group struct {
	kind sampler
	n    int // lanes filled
	in   [lanes][66]byte
}

// next returns the input buffer of the next lane; the caller writes the XOF
// input into its first kind.inputLen() bytes.
func (g *group) next() *[66]byte { return &g.in[g.n] }

// add counts the lane filled by next and reports whether the group is full,
// in which case the caller runs it.
func (g *group) add() (full bool) {
	g.n++
	return g.n == lanes
}

// run16 samples the int16 polynomials out[0:g.n] and empties the group.
func (g *group) run16(out *[lanes]*[poly.N]int16) { g.run(out, nil) }

// run32 samples the int32 polynomials out[0:g.n] and empties the group.
func (g *group) run32(out *[lanes]*[poly.N]int32) { g.run(nil, out) }

// run samples the polynomials of the lanes filled so far into out16 or
// out32 (whichever the sampler produces) and empties the group. It does
// nothing for an empty group.
func (g *group) run(out16 *[lanes]*[poly.N]int16, out32 *[lanes]*[poly.N]int32) {
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
			g.finish(out16, out32, l, &bufs[l])
		}
		clear(bufs[:]) // PRF_η and ExpandMask outputs are secret
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
				if filled[l] = g.parse(out16, out32, l, filled[l], &blocks[l]); filled[l] == poly.N {
					active &^= 1 << l
				}
			}
		}
		clear(blocks[:]) // RejBoundedPoly's stream derives from the secret ρ′
	}
	// The Keccak states of ExpandS, PRF_η and ExpandMask derive from secret
	// seeds (FIPS 204, Section 3.6.3, on destroying intermediate values).
	x.clear()
	clear(g.in[:])
	g.n = 0
}

// parse feeds one XOF block to the rejection sampler of lane l, which has
// n coefficients so far, and returns the new count.
func (g *group) parse(out16 *[lanes]*[poly.N]int16, out32 *[lanes]*[poly.N]int32, l, n int, block *[rate128]byte) int {
	switch g.kind {
	case samplerNTT16:
		return parseNTT16(out16[l], n, block)
	case samplerNTT32:
		return parseNTT32(out32[l], n, block)
	case samplerBounded2:
		return parseBounded(out32[l], n, block[:rate256], 2)
	default: // samplerBounded4
		return parseBounded(out32[l], n, block[:rate256], 4)
	}
}

// finish turns the fixed-length XOF output of lane l into its polynomial.
func (g *group) finish(out16 *[lanes]*[poly.N]int16, out32 *[lanes]*[poly.N]int32, l int, buf *[640]byte) {
	switch g.kind {
	case samplerCBD2:
		cbd2(out16[l], (*[128]byte)(buf[:128]))
	case samplerCBD3:
		cbd3(out16[l], (*[192]byte)(buf[:192]))
	case samplerMask18:
		unpackMask18(out32[l], (*[576]byte)(buf[:576]))
	default: // samplerMask20
		unpackMask20(out32[l], buf)
	}
}
