package keccak

// Sum computes the sponge of FIPS 202, Algorithm 8 over Keccak-f[1600] with
// the given rate (one of the rates of this package) and domain-separation
// suffix ([SuffixSHA3] or [SuffixSHAKE]) on the input in0‖in1, and writes
// its first len(out) bytes to out: SHA3-256 and SHA3-512 with SuffixSHA3
// and rate [Rate256] or [RateSHA3_512] and an out of 32 or 64 bytes,
// SHAKE-128 and SHAKE-256 with SuffixSHAKE and any out. It runs on one lane
// of a [States], permuted alone (the lone-state kernels where the AVX2
// kernels are in use), and clears that state, which may derive from a
// secret.
func Sum(out, in0, in1 []byte, rate int, suffix byte) { SumFrom(nil, out, in0, in1, rate, suffix) }

// SumFrom is [Sum] continued from the state a sponge of the same rate
// has after absorbing whole blocks (lane word i = a[i]; nil for the zero
// state, which is Sum): it absorbs in0‖in1 and the padding into that
// state and squeezes len(out) bytes.
func SumFrom(a *[25]uint64, out, in0, in1 []byte, rate int, suffix byte) {
	var (
		x    States
		last [Rate128]byte
	)
	x.Init()
	if a != nil {
		x.LoadState(0, a)
	}
	const lone = 1
	in := Input{in0, in1}
	for off := 0; ; {
		if off = in.Absorb(&x, 0, off, rate, suffix, &last); off < 0 {
			break
		}
		x.Permute(lone)
	}
	for {
		x.Permute(lone)
		n := min(len(out), rate)
		x.Extract(0, 0, out[:n])
		if out = out[n:]; len(out) == 0 {
			break
		}
	}
	x.Clear()
	clear(last[:])
}

// Input is a message given in two pieces, Input{in0, in1} = in0‖in1 (a key
// and a ciphertext, say), absorbed block by block without joining them.
type Input [2][]byte

// Len returns the length of the input.
func (m *Input) Len() int { return len(m[0]) + len(m[1]) }

// Absorb XORs the rate bytes of the input from off on into lane l of x and
// returns off+rate; when fewer than rate bytes remain, it XORs in the
// padded last block instead (the suffix, pad10*1, FIPS 202, Sections 5.1
// and 6) and returns −1: the lane then squeezes after its next
// permutation. last is scratch.
func (m *Input) Absorb(x *States, l, off, rate int, suffix byte, last *[Rate128]byte) int {
	size := m.Len()
	if size-off >= rate {
		return m.AbsorbBlock(x, l, off, rate, last)
	}
	// The padded last block, XORed in whole (XORBlock's straight-line
	// forms are for whole blocks); pad10*1's last bit is XORed in by PadEnd.
	k := size - off
	m.copyTo(last[:k], off)
	clear(last[k:rate])
	last[k] = suffix
	x.XORBlock(l, last[:rate])
	x.PadEnd(l, rate)
	return -1
}

// AbsorbBlock XORs the rate bytes of the input from off on, which must
// all be there, into lane l of x and returns off+rate: a whole block, with
// no padding. last is scratch.
func (m *Input) AbsorbBlock(x *States, l, off, rate int, last *[Rate128]byte) int {
	if src := m.span(off, rate); src != nil {
		x.XORBlock(l, src) // the block lies in one piece
	} else {
		m.copyTo(last[:rate], off)
		x.XORBlock(l, last[:rate])
	}
	return off + rate
}

// span returns the bytes [off, off+n) of the input if they lie within one
// of its two pieces, and nil otherwise.
func (m *Input) span(off, n int) []byte {
	if a := m[0]; off+n <= len(a) {
		return a[off : off+n]
	}
	if off -= len(m[0]); off >= 0 {
		return m[1][off : off+n]
	}
	return nil
}

// copyTo copies the bytes [off, off+len(dst)) of the input into dst.
func (m *Input) copyTo(dst []byte, off int) {
	n := 0
	if a := m[0]; off < len(a) {
		n = copy(dst, a[off:])
	}
	copy(dst[n:], m[1][max(off-len(m[0]), 0):])
}
