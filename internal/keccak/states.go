package keccak

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/moduletto/moduletto/internal/cpu"
)

// Rates (block sizes) in bytes (FIPS 202, Sections 6.1 and 6.2): SHAKE-128;
// SHAKE-256 and SHA3-256; SHA3-512.
const (
	Rate128      = 168
	Rate256      = 136
	RateSHA3_512 = 72
)

// MaxLanes is the number of Keccak states a [States] can hold: four
// interleaved and, where the AVX-512 kernels run, four more interleaved
// and a ninth.
const MaxLanes = 9

// ninth is the lane that the AVX-512 kernels permute in general-purpose
// registers beside the eight in vector ones.
const ninth = 8

// Domain-separation suffixes with pad10*1's first bit (FIPS 202, Sections
// 5.1 and 6): the first padding byte of SHA-3 and of SHAKE.
const (
	SuffixSHA3  = 0x06
	SuffixSHAKE = 0x1f
)

// States holds the Keccak-f[1600] states of up to [MaxLanes] sponges, its
// lanes: a group of four interleaved states (lane word i of state l at
// word 4i+l of the group), so that the AVX2 kernel permutes them at once;
// where the AVX-512 kernels run and [States.InitWide] asked for nine lanes,
// a second group, which they permute with the first (in zmm registers, a
// group in each half), and a ninth state, which they permute in
// general-purpose registers while they permute the others in vector ones.
// The portable kernel permutes the busy lanes one after the other. Lanes
// 0–3 are the first group, 4–7 the second, 8 the ninth; [States.Lanes]
// says how many are in use. Each state is one sponge (FIPS 202, Algorithm
// 8) driven by its caller: whole blocks XORed in ([States.XORBlock],
// [States.LoadSeed]), permutations ([States.Permute]) and output blocks
// copied out ([States.ExtractBlocks], [States.Extract]).
//
// A States lives in its caller's stack frame, so nothing is allocated. The
// zero States is zero states; [States.Init] or [States.InitWide] chooses
// the kernels and places the states, and comes before any other method.
// The caller clears it after use ([States.Clear]): its states may derive
// from secrets.
//
// The ninth state lives in the kernels' scratch space: lane word i at word
// 4i+3 (column 3). Only the AVX-512 kernels that permute it beside a group
// or two touch it, and they need no scratch but a column for the ninth
// state's, column 0. Of the other kernels only the lone-state ones run
// beside it, on a lone active lane l, with column l&3 as scratch: column 3
// only when lane 3 or 7 is the lone active lane, and then the ninth holds
// no sponge in progress (an idle lane's state is stale; a job starting in
// it overwrites or clears it).
//
// The states start at a 64-byte boundary where Init finds one within buf,
// and so the scratch space, 800 bytes on, at a 32-byte one, and the second
// group, 1600 bytes on, at a 64-byte one: the kernels load and store 32
// bytes at a time, and on the stack, aligned to 8 bytes only, half of
// those accesses would straddle two cache lines (the AVX2 kernel, which
// goes through memory every round, took up to a fifth longer so; the stack
// position of a States decided it). The offset is fixed at Init, so a
// States that moves afterwards (a goroutine's stack is copied when it
// grows, which keeps alignments to 64 bytes) stays correct, only perhaps
// slower.
type States struct {
	buf    [3*4*25 + 7]uint64 // the first group, the kernels' scratch (and the ninth state), the second group, from word off on
	off    int                // 0 to 7: where the states start in buf
	avx2   bool               // the AVX2 kernels, fixed for the run
	avx512 bool               // with them, the AVX-512 permutations
	wide   bool               // InitWide with the AVX-512 kernels: nine lanes
}

// group returns group g (0 or 1) of four interleaved states: lane word i of
// its state l at [4i+l].
func (x *States) group(g int) *[100]uint64 {
	return (*[100]uint64)(x.buf[x.off&7+200*(g&1):])
}

// scratch returns the kernels' scratch space, which holds the ninth state
// in its column 3.
func (x *States) scratch() *[100]uint64 { return (*[100]uint64)(x.buf[x.off&7+100:]) }

// useAVX512 is whether the AVX2 kernels permute with the AVX-512VL kernel,
// as they do on a CPU that has it; tests turn it off to run the AVX2
// kernel in its place.
var useAVX512 = cpu.X86HasAVX512

// Init chooses the kernels in use (internal/cpu) for the run that follows
// and where in x the states start, for four lanes. It does not clear them.
func (x *States) Init() {
	x.avx2 = cpu.AVX2Kernels()
	x.avx512 = avx512Kernels()
	x.wide = false
	x.off = int(-(uintptr(unsafe.Pointer(&x.buf[0])) / 8) & 7) // the address is read, not made
}

// InitWide is Init for nine lanes where the AVX-512 kernels run (four
// elsewhere). Clear then clears the second group too.
func (x *States) InitWide() {
	x.Init()
	x.wide = x.avx512
}

// avx512Kernels reports whether a States initialised now permutes with the
// AVX-512VL kernels: the AVX2 kernels are selected and the CPU has them.
func avx512Kernels() bool { return cpu.AVX2Kernels() && useAVX512 }

// LanesInUse returns the number of lanes a States initialised now with
// InitWide offers (see States.Lanes).
func LanesInUse() int { return lanesWith(avx512Kernels()) }

// Lanes returns the number of lanes x offers: 9 with the AVX-512 kernels
// after InitWide, 4 otherwise (the AVX2 kernel permutes four states at
// once and the portable one gains nothing from more). A caller may use
// fewer.
func (x *States) Lanes() int { return lanesWith(x.wide) }

// lanesWith returns the number of lanes with or without the second group
// and the ninth lane.
func lanesWith(wide bool) int {
	if wide {
		return MaxLanes
	}
	return 4
}

// Permute applies Keccak-f[1600] to the states whose bit is set in active.
// A lone active state is permuted on its own, faster than four: in
// general-purpose registers (the BMI kernel), and with AVX-512VL two of
// each round's five planes in xmm registers beside them. Otherwise the AVX2
// kernel permutes the first group, all four states of it (the idle ones
// hold zeros or stale data nobody reads); the AVX-512 kernels permute each
// group with an active lane, whole, both at once in zmm registers, and the
// ninth state, if active, in general-purpose registers beside them. The
// portable kernel permutes the active states only.
func (x *States) Permute(active uint16) {
	if !x.avx2 {
		for l := range MaxLanes {
			if active>>l&1 != 0 {
				keccakF1600Stride4(x.lane(l))
			}
		}
		return
	}
	if active&(active-1) == 0 {
		l := bits.TrailingZeros16(active)
		s, e := x.lane(l), (*[97]uint64)(x.scratch()[l&3:])
		if x.avx512 {
			permuteLoneAVX512(s, e)
		} else {
			permuteLone(s, e)
		}
		return
	}
	if !x.avx512 {
		permuteAVX2(x.group(0), x.scratch())
		return
	}
	a, b := x.group(0), x.group(1)
	e := (*[97]uint64)(x.scratch()[0:])
	withNinth := active&(1<<ninth) != 0
	if active&0x0f == 0 || active&0xf0 == 0 { // one group
		if active&0x0f == 0 {
			a = b
		}
		if withNinth {
			permuteAVX512x5(a, x.lane(ninth), e)
		} else {
			permuteAVX512(a)
		}
		return
	}
	if withNinth {
		permuteAVX512x9(a, b, x.lane(ninth), e)
	} else {
		permuteAVX512x8(a, b)
	}
}

// lane returns the words of lane l's state: word i at index 4i.
func (x *States) lane(l int) *[97]uint64 {
	if l == ninth {
		return (*[97]uint64)(x.scratch()[3:])
	}
	return (*[97]uint64)(x.group(l >> 2)[l&3:])
}

// XORBlock XORs block, a whole block of one of the rates (168, 136 or 72
// bytes; a caller pads the last one), into lane l's state: eight words at a
// time by xorWords8, the rest one by one, in straight-line code with
// constant indices. It panics for another length.
func (x *States) XORBlock(l int, block []byte) {
	s := x.lane(l)
	switch len(block) {
	case Rate128: // 21 words
		b := (*[Rate128]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		xorWords8((*[29]uint64)(s[4*8:]), (*[64]byte)(b[64:]))
		s[4*16] ^= binary.LittleEndian.Uint64(b[128:])
		s[4*17] ^= binary.LittleEndian.Uint64(b[136:])
		s[4*18] ^= binary.LittleEndian.Uint64(b[144:])
		s[4*19] ^= binary.LittleEndian.Uint64(b[152:])
		s[4*20] ^= binary.LittleEndian.Uint64(b[160:])
	case Rate256: // 17 words
		b := (*[Rate256]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		xorWords8((*[29]uint64)(s[4*8:]), (*[64]byte)(b[64:]))
		s[4*16] ^= binary.LittleEndian.Uint64(b[128:])
	case RateSHA3_512: // 9 words
		b := (*[RateSHA3_512]byte)(block)
		xorWords8((*[29]uint64)(s[0:]), (*[64]byte)(b[0:]))
		s[4*8] ^= binary.LittleEndian.Uint64(b[64:])
	default:
		panic("keccak: XORBlock needs a whole block of 168, 136 or 72 bytes")
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

// LoadSeed sets lane l's state to the padded SHAKE block of the short input
// seed‖tail[:n] (seed of 32 or 64 bytes, n of 1 or 2): the seed's words, the
// word of the tail bytes and the first padding byte (SHAKE's suffix 1111 and
// pad10*1's first bit), zeros, and pad10*1's last bit at byte rate−1 (FIPS
// 202, Sections 5.1 and 6.2). That is the state absorbing the block into a
// zero lane leaves, without zeroing the lane first.
func (x *States) LoadSeed(l int, seed []byte, tail [2]byte, n, rate int) {
	s := x.lane(l)
	t := uint64(tail[0]) | SuffixSHAKE<<8
	if n == 2 {
		t = uint64(tail[0]) | uint64(tail[1])<<8 | SuffixSHAKE<<16
	}
	// Straight-line stores with constant indices: no bounds checks and no
	// loop counters (the compiler does not unroll loops). Words 9 to 24 are
	// zero for either seed length; word 8 takes the tail after a 64-byte
	// seed and is zero after a 32-byte one, whose tail is word 4.
	s[4*9], s[4*10], s[4*11], s[4*12], s[4*13], s[4*14], s[4*15], s[4*16] = 0, 0, 0, 0, 0, 0, 0, 0
	s[4*17], s[4*18], s[4*19], s[4*20], s[4*21], s[4*22], s[4*23], s[4*24] = 0, 0, 0, 0, 0, 0, 0, 0
	putWords(s, 0, (*[32]byte)(seed))
	if len(seed) == 64 {
		putWords(s, 4, (*[32]byte)(seed[32:]))
		s[4*8] = t
	} else {
		s[4*4], s[4*5], s[4*6], s[4*7], s[4*8] = t, 0, 0, 0, 0
	}
	x.PadEnd(l, rate)
}

// putWords sets lane words at to at+3 of s to the little-endian words of
// b. Inlined with a constant at, its stores have constant indices.
func putWords(s *[97]uint64, at int, b *[32]byte) {
	s[4*at] = binary.LittleEndian.Uint64(b[0:])
	s[4*at+4] = binary.LittleEndian.Uint64(b[8:])
	s[4*at+8] = binary.LittleEndian.Uint64(b[16:])
	s[4*at+12] = binary.LittleEndian.Uint64(b[24:])
}

// PadEnd XORs pad10*1's last bit, the top bit of byte rate−1 (FIPS 202,
// Section 5.1), into lane l's state.
func (x *States) PadEnd(l, rate int) {
	x.lane(l)[4*(rate/8-1)] ^= 0x80 << 56
}

// LoadState sets lane l's state to a (lane word i = a[i]).
func (x *States) LoadState(l int, a *[25]uint64) {
	s := x.lane(l)
	for i := range a {
		s[4*i] = a[i]
	}
}

// SaveState copies lane l's state to a (lane word i to a[i]).
func (x *States) SaveState(l int, a *[25]uint64) {
	s := x.lane(l)
	for i := range a {
		a[i] = s[4*i]
	}
}

// ClearLane zeroes lane l's state.
func (x *States) ClearLane(l int) {
	s := x.lane(l)
	for i := 0; i < len(s); i += 4 {
		s[i] = 0
	}
}

// ExtractBlocks copies the first words words of every lane l whose bit is
// set in active into out[l][:8·words]; out has a row for each lane in use
// (at least four). The AVX2 kernel transposes the four rows of a group
// with an active lane at once, whatever active says of the others (the
// caller ignores rows of other lanes), and the ninth is copied if active;
// the portable code copies out the active lanes only.
func (x *States) ExtractBlocks(out [][Rate128]byte, active uint16, words int) {
	if x.avx2 {
		if active&0x0f != 0 {
			extractAVX2(x.group(0), (*[4][Rate128]byte)(out[0:4]), words)
		}
		if active&0xf0 != 0 {
			extractAVX2(x.group(1), (*[4][Rate128]byte)(out[4:8]), words)
		}
		if active&(1<<ninth) != 0 {
			x.Extract(ninth, 0, out[ninth][:8*words])
		}
		return
	}
	for l := range MaxLanes {
		if active>>l&1 != 0 {
			x.Extract(l, 0, out[l][:8*words])
		}
	}
}

// Extract copies bytes pos, pos+1, … of lane l's state (the first
// len(dst) bytes of the output block from pos on) into dst: byte i is byte
// i mod 8 of lane word i/8, little-endian (FIPS 202, Section 3.1.2). Whole
// words are copied at once; only a read that starts or ends inside a word
// takes the byte loops.
func (x *States) Extract(l, pos int, dst []byte) {
	s := x.lane(l)
	j := 0
	for ; j < len(dst) && (pos+j)%8 != 0; j++ {
		i := pos + j
		dst[j] = byte(s[4*(i/8)] >> (8 * (i % 8)))
	}
	for w := 4 * ((pos + j) / 8); len(dst)-j >= 8; w += 4 {
		binary.LittleEndian.PutUint64(dst[j:], s[w])
		j += 8
	}
	for ; j < len(dst); j++ {
		i := pos + j
		dst[j] = byte(s[4*(i/8)] >> (8 * (i % 8)))
	}
}

// Clear zeroes the states and scratch space: the first group and the
// scratch space, and the second group after InitWide (a States with four
// lanes never writes it).
func (x *States) Clear() {
	if x.wide {
		clear(x.buf[:])
		return
	}
	clear(x.buf[:x.off&7+200])
}
