package sample

import "encoding/binary"

// Rates (block sizes) of SHAKE-128 and SHAKE-256 in bytes (FIPS 202,
// Section 6.2). The samplers parse whole blocks: 168 is a multiple of 3, so a
// 3-byte candidate of SampleNTT or RejNTTPoly never straddles two blocks.
const (
	rate128 = 168
	rate256 = 136
)

// rateSHA3_512 is the rate of SHA3-512 (ML-KEM's G) in bytes; SHA3-256's
// (H) is rate256.
const rateSHA3_512 = 72

// lanes is the number of SHAKE instances that [shakeX4] runs side by side.
const lanes = 4

// shakeX4 holds four interleaved Keccak-f[1600] states (lane word i of
// state l at a[4i+l]), so that the AVX2 kernel permutes them at once; the
// portable kernel permutes the busy ones one after the other. It is the
// single place where the four-way backend plugs in: [Run] drives it, one
// sponge (FIPS 202, Algorithm 8) per lane, with XORed-in blocks (xorBlock),
// permutations (impl.permute) and extracted output blocks (extractBlocks).
// It lives in the caller's stack frame, so nothing is allocated; the caller
// clears it after use (its states may derive from secret seeds).
type shakeX4 struct {
	a, tmp [4 * 25]uint64 // interleaved states, and the kernel's scratch
	impl   keccakImpl     // permutation backend, fixed for the run
}

// lane returns the words of lane l's state: word i at index 4i.
func (x *shakeX4) lane(l int) *[97]uint64 { return (*[97]uint64)(x.a[l&3:]) }

// xorBlock XORs block, a whole block of one of the rates in use (168, 136
// or 72 bytes; absorbBlock pads the last one), into lane l's state: eight
// words at a time by xorWords8, the rest one by one, in straight-line
// code with constant indices (3 instructions a word; the loops it replaces
// took 8).
func (x *shakeX4) xorBlock(l int, block []byte) {
	s := x.lane(l)
	switch len(block) {
	case rate128: // 21 words
		b := (*[rate128]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		xorWords8((*[29]uint64)(s[4*8:]), (*[64]byte)(b[64:]))
		s[4*16] ^= binary.LittleEndian.Uint64(b[128:])
		s[4*17] ^= binary.LittleEndian.Uint64(b[136:])
		s[4*18] ^= binary.LittleEndian.Uint64(b[144:])
		s[4*19] ^= binary.LittleEndian.Uint64(b[152:])
		s[4*20] ^= binary.LittleEndian.Uint64(b[160:])
	case rate256: // 17 words
		b := (*[rate256]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		xorWords8((*[29]uint64)(s[4*8:]), (*[64]byte)(b[64:]))
		s[4*16] ^= binary.LittleEndian.Uint64(b[128:])
	case rateSHA3_512: // 9 words
		b := (*[rateSHA3_512]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		s[4*8] ^= binary.LittleEndian.Uint64(b[64:])
	default:
		panic("sample: xorBlock needs a whole block of 168, 136 or 72 bytes")
	}
}

// xorWords8 XORs the eight little-endian words of b into the lane words
// s[0], s[4], …, s[28] (eight consecutive words of a lane).
func xorWords8(s *[29]uint64, b *[64]byte) {
	s[0] ^= binary.LittleEndian.Uint64(b[0:])
	s[4] ^= binary.LittleEndian.Uint64(b[8:])
	s[8] ^= binary.LittleEndian.Uint64(b[16:])
	s[12] ^= binary.LittleEndian.Uint64(b[24:])
	s[16] ^= binary.LittleEndian.Uint64(b[32:])
	s[20] ^= binary.LittleEndian.Uint64(b[40:])
	s[24] ^= binary.LittleEndian.Uint64(b[48:])
	s[28] ^= binary.LittleEndian.Uint64(b[56:])
}

// saveLane copies lane l's state to dst.
func (x *shakeX4) saveLane(l int, dst *[25]uint64) {
	s := x.lane(l)
	for i := range dst {
		dst[i] = s[4*i]
	}
}

// loadLane sets lane l's state to src.
func (x *shakeX4) loadLane(l int, src *[25]uint64) {
	s := x.lane(l)
	for i := range src {
		s[4*i] = src[i]
	}
}

// loadSeed sets lane l's state to the padded block of a sampler's XOF
// input seed‖nonce[:n] (seed of 32 or 64 bytes, n of 1 or 2): the seed's
// words, the word of the nonce bytes and the first padding byte (SHAKE's
// suffix 1111 and pad10*1's first bit), zeros, and pad10*1's last bit at
// byte rate−1 (FIPS 202, Sections 5.1 and 6.2). That is the state absorbing
// the block into a zero lane leaves, without zeroing the lane first.
func (x *shakeX4) loadSeed(l int, seed []byte, nonce [2]byte, n, rate int) {
	s := x.lane(l)
	tail := uint64(nonce[0]) | 0x1f<<8
	if n == 2 {
		tail = uint64(nonce[0]) | uint64(nonce[1])<<8 | 0x1f<<16
	}
	// Straight-line stores with constant indices: no bounds checks and no
	// loop counters (the compiler does not unroll loops), about a quarter
	// of the instructions of the loops they replaced (callgrind). Words 9
	// to 24 are zero for either seed length; word 8 takes the tail after a
	// 64-byte seed and is zero after a 32-byte one, whose tail is word 4.
	s[4*9], s[4*10], s[4*11], s[4*12], s[4*13], s[4*14], s[4*15], s[4*16] = 0, 0, 0, 0, 0, 0, 0, 0
	s[4*17], s[4*18], s[4*19], s[4*20], s[4*21], s[4*22], s[4*23], s[4*24] = 0, 0, 0, 0, 0, 0, 0, 0
	putWords(s, 0, (*[32]byte)(seed))
	if len(seed) == 64 {
		putWords(s, 4, (*[32]byte)(seed[32:]))
		s[4*8] = tail
	} else {
		s[4*4], s[4*5], s[4*6], s[4*7], s[4*8] = tail, 0, 0, 0, 0
	}
	x.padEnd(l, rate)
}

// putWords sets lane words at to at+3 of s to the little-endian words of
// b. Inlined with a constant at, its stores have constant indices.
func putWords(s *[97]uint64, at int, b *[32]byte) {
	s[4*at] = binary.LittleEndian.Uint64(b[0:])
	s[4*at+4] = binary.LittleEndian.Uint64(b[8:])
	s[4*at+8] = binary.LittleEndian.Uint64(b[16:])
	s[4*at+12] = binary.LittleEndian.Uint64(b[24:])
}

// padEnd XORs pad10*1's last bit, the top bit of byte rate−1 (FIPS 202,
// Section 5.1), into lane l's state.
func (x *shakeX4) padEnd(l, rate int) {
	x.lane(l)[4*(rate/8-1)] ^= 0x80 << 56
}

// clearLane zeroes lane l's state.
func (x *shakeX4) clearLane(l int) {
	s := x.lane(l)
	for i := 0; i < len(s); i += 4 {
		s[i] = 0
	}
}

// extractBlocks copies the first words words of every lane l whose bit is
// set in active into out[l][:8·words]. The AVX2 backend transposes all four
// rows at once, whatever active says (the caller ignores rows of other
// lanes); the portable one copies out the active lanes only.
func (x *shakeX4) extractBlocks(out *[lanes][rate128]byte, active uint8, words int) {
	if x.impl == keccakAVX2 {
		extractAVX2(&x.a, out, words)
		return
	}
	for l := range lanes {
		if active>>l&1 != 0 {
			x.extract(l, 0, out[l][:8*words])
		}
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
