package mldsa

import "errors"

// hints holds the hint vector h of a signature: k polynomials with
// coefficients in {0, 1}.
type hints [maxK][n]uint8

var (
	errHintCount    = errors.New("mldsa: invalid signature: hint count out of order or above ω")
	errHintOrder    = errors.New("mldsa: invalid signature: hint positions not strictly increasing")
	errHintPadding  = errors.New("mldsa: invalid signature: nonzero padding after the hint positions")
	errHintTooMany  = errors.New("mldsa: too many hints for ω")
	errHintEncoding = errors.New("mldsa: hint encoding has the wrong length")
)

// hintBitPack implements HintBitPack, FIPS 204, Algorithm 20: y[:ω] lists
// the positions of the 1s of each h[i] in increasing order and y[ω+i] is the
// running count after polynomial i. y must be ω+k bytes long.
//
// h is part of the signature being output, so it is public: branching on it
// is not a timing concern. It fails only if h has more than ω ones, which
// Sign_internal has already ruled out.
func (p *parameterSet) hintBitPack(y []byte, h *hints) error {
	if len(y) != p.ω+p.k {
		return errHintEncoding
	}
	clear(y)
	index := 0
	for i := range p.k {
		for j := range n {
			if h[i][j] != 0 {
				if index == p.ω {
					return errHintTooMany
				}
				y[index] = byte(j)
				index++
			}
		}
		y[p.ω+i] = byte(index)
	}
	return nil
}

// hintBitUnpack implements HintBitUnpack, FIPS 204, Algorithm 21, rejecting
// every non-canonical encoding: running counts that decrease or exceed ω,
// positions within one polynomial that are not strictly increasing, and
// nonzero bytes after the last position. y must be ω+k bytes long. The
// signature is public, so the branches are not a timing concern.
func (p *parameterSet) hintBitUnpack(h *hints, y []byte) error {
	if len(y) != p.ω+p.k {
		return errHintEncoding
	}
	*h = hints{}
	index := 0
	for i := range p.k {
		end := int(y[p.ω+i])
		if end < index || end > p.ω {
			return errHintCount
		}
		first := index
		for ; index < end; index++ {
			if index > first && y[index-1] >= y[index] {
				return errHintOrder
			}
			h[i][y[index]] = 1
		}
	}
	for _, b := range y[index:p.ω] {
		if b != 0 {
			return errHintPadding
		}
	}
	return nil
}
