package sample

import "fmt"

// FixedWeight implements Short_fromlist, the sampler of Short (fixed-weight)
// vectors of Streamlined NTRU Prime ("NTRU Prime: round 3", 2020-10-07,
// and its reference code): it
// sets out to a vector with exactly w entries ±1 and the rest 0, from one
// 32-bit word per entry. Words i < w get bit 0 cleared (they become ±1,
// bit 1 choosing the sign), words i ≥ w get their low two bits set to 01
// (they become 0); the words are sorted as unsigned integers, and
// out[i] = (sorted[i] mod 4) − 1. Sorting scatters the nonzero entries by
// the words' top 30 bits.
//
// FixedWeight sorts words in place (with [SortUint32]): afterwards words
// holds the sorted, marked words, not the input. It panics unless
// len(out) == len(words) and 0 ≤ w ≤ len(words) (a programming error).
//
// Constant time: the words are secret; the marking uses masks of the
// public index, and the sort is a sorting network.
//
// Bounds: ensures out[i] ∈ {−1, 0, 1}, with exactly w nonzero entries.
func FixedWeight(out []int8, words []uint32, w int) {
	if len(out) != len(words) || w < 0 || w > len(words) {
		panic(fmt.Sprintf("sample: FixedWeight of %d words into %d entries with weight %d", len(words), len(out), w))
	}
	for i := range words[:w] {
		words[i] &^= 1
	}
	for i := range words[w:] {
		words[w+i] = words[w+i]&^3 | 1
	}
	SortUint32(words)
	for i, x := range words {
		out[i] = int8(x&3) - 1
	}
}

// Ternary is the Small sampler of Streamlined NTRU Prime from 32-bit words
// ("NTRU Prime: round 3", 2020-10-07; the reference's Small_random): each
// word gives out[i] = ⌊3·(words[i] mod 2^30) / 2^30⌋ − 1, computed as
// ((words[i] & 0x3fffffff)·3 >> 30) − 1, which fits 32 bits. It panics
// unless len(out) == len(words) (a programming error).
//
// Constant time: a multiply and a shift per word.
//
// Bounds: ensures out[i] ∈ {−1, 0, 1}.
func Ternary(out []int8, words []uint32) {
	if len(out) != len(words) {
		panic(fmt.Sprintf("sample: Ternary of %d words into %d entries", len(words), len(out)))
	}
	for i, x := range words {
		out[i] = int8((x&0x3fffffff)*3>>30) - 1
	}
}
