package sample

import "encoding/binary"

// Rates (block sizes) of SHAKE-128 and SHAKE-256 in bytes (FIPS 202,
// Section 6.2). The samplers parse whole blocks: 168 is a multiple of 3, so a
// 3-byte candidate of SampleNTT or RejNTTPoly never straddles two blocks.
const (
	rate128 = 168
	rate256 = 136
)

// lanes is the number of SHAKE instances that [shakeX4] runs side by side.
const lanes = 4

// shakeX4 holds up to four SHAKE instances of one kind (all SHAKE-128 or all
// SHAKE-256) that absorb inputs of equal length and are squeezed together:
// the sponge construction of FIPS 202, Algorithm 8, with Keccak-f[1600] as
// f and the SHAKE padding (suffix 1111, then pad10*1; Sections 5.1 and 6.2).
//
// It is the single place where the four-way Keccak-f[1600] backend plugs in:
// every sampler except SampleInBall reaches Keccak only through a [group],
// and a group only through absorb128, absorb256, squeezeBlocks and read.
// The four states are interleaved (lane word i of instance l at a[4i+l]) so
// that the AVX2 kernel permutes them at once; the portable kernel permutes
// the lanes in use one after the other. It lives in the caller's stack frame,
// so nothing is allocated; the caller clears it after use (its states derive
// from secret seeds for the noise and mask samplers).
type shakeX4 struct {
	a, tmp [4 * 25]uint64 // interleaved states, and the kernel's scratch
	impl   keccakImpl     // permutation backend, fixed for the stream
	n      int            // lanes in use, 1..4
	rate   int            // rate128 or rate256
	pos    int            // bytes of the current output block already read
}

// absorb128 starts len(in) (at most four) SHAKE-128 instances, lane l
// absorbing in[l]. The inputs must be of equal length.
func (x *shakeX4) absorb128(in [][]byte) { x.absorb(in, rate128) }

// absorb256 starts len(in) (at most four) SHAKE-256 instances, lane l
// absorbing in[l]. The inputs must be of equal length.
func (x *shakeX4) absorb256(in [][]byte) { x.absorb(in, rate256) }

// absorb resets the states and absorbs the equal-length inputs in[l] with
// the given rate, padding included; the last permutation of the absorbing
// phase is left to the first squeeze.
func (x *shakeX4) absorb(in [][]byte, rate int) {
	x.impl = keccakDefault
	x.n, x.rate = len(in), rate
	clear(x.a[:])
	m := len(in[0])
	off := 0
	for ; m-off >= rate; off += rate {
		for l := range x.n {
			x.xorBlock(l, in[l][off:off+rate])
		}
		x.permute()
	}
	var last [rate128]byte
	for l := range x.n {
		k := copy(last[:rate], in[l][off:])
		clear(last[k:rate])
		last[k] = 0x1f // SHAKE suffix 1111 and the first bit of pad10*1
		last[rate-1] |= 0x80
		x.xorBlock(l, last[:rate])
	}
	clear(last[:])
	x.pos = rate
}

// xorBlock XORs block (rate bytes, a multiple of 8) into lane l's state.
func (x *shakeX4) xorBlock(l int, block []byte) {
	for i := range len(block) / 8 {
		x.a[4*i+l] ^= binary.LittleEndian.Uint64(block[8*i:])
	}
}

// permute applies Keccak-f[1600] to the lanes in use.
func (x *shakeX4) permute() { x.impl.permute(&x.a, &x.tmp, x.n) }

// squeezeBlocks reads the next rate bytes of every lane l whose bit is set in
// active into out[l][:x.rate]. The AVX2 backend transposes all four rows
// at once, whatever active says (the caller ignores rows of inactive
// lanes); the portable one copies out the active lanes only. It must not
// follow a read that ended inside a block.
func (x *shakeX4) squeezeBlocks(out *[lanes][rate128]byte, active uint8) {
	x.permute()
	if x.impl == keccakAVX2 {
		extractAVX2(&x.a, out, x.rate/8)
	} else {
		for l := range x.n {
			if active>>l&1 != 0 {
				x.extract(l, 0, out[l][:x.rate])
			}
		}
	}
	x.pos = x.rate
}

// read fills out[l] from lane l, for every lane in use; the slices are of
// equal length (a fixed-length XOF output such as PRF_η or ExpandMask's H).
func (x *shakeX4) read(out [][]byte) {
	size := len(out[0])
	for done := 0; done < size; {
		if x.pos == x.rate {
			x.permute()
			x.pos = 0
		}
		k := min(x.rate-x.pos, size-done)
		for l := range x.n {
			x.extract(l, x.pos, out[l][done:done+k])
		}
		x.pos += k
		done += k
	}
}

// extract copies bytes pos, pos+1, … of lane l's state (the first
// len(dst) bytes of the output block from pos on) into dst: byte i is byte
// i mod 8 of lane word i/8, little-endian (FIPS 202, Section 3.1.2). Whole
// words are copied at once; only a read that starts or ends inside a word
// takes the byte loops.
func (x *shakeX4) extract(l, pos int, dst []byte) {
	j := 0
	for ; j < len(dst) && (pos+j)%8 != 0; j++ {
		i := pos + j
		dst[j] = byte(x.a[4*(i/8)+l] >> (8 * (i % 8)))
	}
	for w := 4*((pos+j)/8) + l; len(dst)-j >= 8; w += 4 {
		binary.LittleEndian.PutUint64(dst[j:], x.a[w])
		j += 8
	}
	for ; j < len(dst); j++ {
		i := pos + j
		dst[j] = byte(x.a[4*(i/8)+l] >> (8 * (i % 8)))
	}
}

// clear zeroes the states and scratch space.
func (x *shakeX4) clear() {
	clear(x.a[:])
	clear(x.tmp[:])
}

// laneMask returns the active-lane bitmask for n lanes in use.
func laneMask(n int) uint8 {
	return uint8(1)<<n - 1
}
