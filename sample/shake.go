package sample

import "crypto/sha3"

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
// SHAKE-256) that absorb inputs of equal length and are squeezed together.
//
// It is the single place where a four-way Keccak-f[1600] backend plugs in:
// every sampler except SampleInBall reaches Keccak only through a [group],
// and a group only through absorb128, absorb256, squeezeBlocks and read.
// This portable version runs the lanes one after the other on crypto/sha3
// (a four-way backend may keep it for groups of one lane). It lives in the
// caller's stack frame, so nothing is allocated.
type shakeX4 struct {
	h    [lanes]sha3.SHAKE
	n    int // lanes in use, 1..4
	rate int // rate128 or rate256
}

// absorb128 starts len(in) (at most four) SHAKE-128 instances, lane l
// absorbing in[l].
func (x *shakeX4) absorb128(in [][]byte) {
	x.n, x.rate = len(in), rate128
	for l := range in {
		x.h[l] = *sha3.NewSHAKE128()
		x.h[l].Write(in[l])
	}
}

// absorb256 starts len(in) (at most four) SHAKE-256 instances, lane l
// absorbing in[l].
func (x *shakeX4) absorb256(in [][]byte) {
	x.n, x.rate = len(in), rate256
	for l := range in {
		x.h[l] = *sha3.NewSHAKE256()
		x.h[l].Write(in[l])
	}
}

// squeezeBlocks reads the next rate bytes of every lane l whose bit is set in
// active into out[l][:x.rate]. A four-way backend may squeeze all lanes
// regardless of active; the portable one skips finished lanes.
func (x *shakeX4) squeezeBlocks(out *[lanes][rate128]byte, active uint8) {
	for l := range x.n {
		if active>>l&1 != 0 {
			x.h[l].Read(out[l][:x.rate])
		}
	}
}

// read fills out[l] from lane l, for every lane in use; the slices are of
// equal length (a fixed-length XOF output such as PRF_η or ExpandMask's H).
func (x *shakeX4) read(out [][]byte) {
	for l := range x.n {
		x.h[l].Read(out[l])
	}
}

// laneMask returns the active-lane bitmask for n lanes in use.
func laneMask(n int) uint8 {
	return uint8(1)<<n - 1
}
