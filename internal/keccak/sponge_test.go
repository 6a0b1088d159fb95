package keccak

import (
	"math/rand/v2"
	"testing"
)

// sponge is up to five SHAKE instances of one kind and one input length on
// the lanes of a States, absorbed and squeezed together: the harness that
// checks the Keccak backends stream by stream against crypto/sha3 and
// benchmarks them. Package sample drives States through its batches instead.
type sponge struct {
	States
	n    int // lanes in use, 1 to States.Lanes()
	rate int // Rate128 or Rate256
	pos  int // bytes of the current output block already read
}

// absorb128 starts len(in) (at most States.Lanes()) SHAKE-128 instances, lane l
// absorbing in[l]. The inputs must be of equal length.
func (x *sponge) absorb128(in [][]byte) { x.absorb(in, Rate128) }

// absorb256 starts len(in) (at most States.Lanes()) SHAKE-256 instances, lane l
// absorbing in[l]. The inputs must be of equal length.
func (x *sponge) absorb256(in [][]byte) { x.absorb(in, Rate256) }

// absorb resets the states and absorbs the equal-length inputs in[l] with
// the given rate, padding included; the last permutation of the absorbing
// phase is left to the first squeeze.
func (x *sponge) absorb(in [][]byte, rate int) {
	x.States = States{}
	x.InitWide()
	x.n, x.rate = len(in), rate
	m := len(in[0])
	off := 0
	for ; m-off >= rate; off += rate {
		for l := range x.n {
			x.XORBlock(l, in[l][off:off+rate])
		}
		x.permute()
	}
	var last [Rate128]byte
	for l := range x.n {
		k := copy(last[:rate], in[l][off:])
		clear(last[k:rate])
		last[k] = 0x1f // SHAKE suffix 1111 and the first bit of pad10*1
		last[rate-1] |= 0x80
		x.XORBlock(l, last[:rate])
	}
	clear(last[:])
	x.pos = rate
}

// permute applies Keccak-f[1600] to the lanes in use.
func (x *sponge) permute() { x.Permute(laneMask(x.n)) }

// squeezeBlocks reads the next rate bytes of every lane l whose bit is set in
// active into out[l][:x.rate] (see extractBlocks). It must not follow a read
// that ended inside a block.
func (x *sponge) squeezeBlocks(out *[MaxLanes][Rate128]byte, active uint16) {
	x.permute()
	x.ExtractBlocks(out[:], active&laneMask(x.n), x.rate/8)
	x.pos = x.rate
}

// read fills out[l] from lane l, for every lane in use; the slices are of
// equal length (a fixed-length XOF output such as PRF_η or ExpandMask's H).
func (x *sponge) read(out [][]byte) {
	size := len(out[0])
	for done := 0; done < size; {
		if x.pos == x.rate {
			x.permute()
			x.pos = 0
		}
		k := min(x.rate-x.pos, size-done)
		for l := range x.n {
			x.Extract(l, x.pos, out[l][done:done+k])
		}
		x.pos += k
		done += k
	}
}

// laneMask returns the active-lane bitmask for n lanes in use.
func laneMask(n int) uint16 { return uint16(1)<<n - 1 }

// newRand returns a deterministic generator, so that a failure reproduces.
func newRand(t testing.TB) *rand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], t.Name())
	return rand.NewChaCha8(seed)
}
