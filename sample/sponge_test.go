package sample

import (
	"crypto/sha3"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/moduletto/moduletto/poly"
)

// spongePieces are the piece lengths TestSpongeMatchesSHA3 absorbs: short
// ones that stay buffered, ones that end on, before and after a block
// boundary of SHA3-256 (136 bytes), and ML-KEM's rows of t̂ (384).
var spongePieces = []int{0, 1, 31, 135, 136, 137, 271, 272, 273, 384}

// TestSpongeMatchesSHA3 absorbs random inputs in pieces of every length
// pair, each piece in its own Run beside 0 to 6 SampleNTT jobs (checked
// against the oracle) or alone, then finishes with Sum256 on a last piece,
// and compares the hash with crypto/sha3's over the whole input.
func TestSpongeMatchesSHA3(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		src := newRand(t)
		rng := rand.New(src)
		for _, first := range spongePieces {
			for _, second := range spongePieces {
				for _, last := range []int{0, 32, 416} {
					t.Run(fmt.Sprintf("%d+%d+%d", first, second, last), func(t *testing.T) {
						msg := make([]byte, first+second+last)
						src.Read(msg)
						var s Sponge
						for _, piece := range [][]byte{msg[:first], msg[first : first+second]} {
							var rho [32]byte
							src.Read(rho[:])
							jobs := []Job{AbsorbJob(&s, piece)}
							var want [][256]int
							var got []*poly.NTTPoly16
							for j := range rng.IntN(7) {
								dst := new(poly.NTTPoly16)
								jobs = append(jobs, SampleNTTJob(dst, &rho, byte(j), 0))
								want = append(want, oracleSampleNTT(append(rho[:], byte(j), 0)))
								got = append(got, dst)
							}
							Run(jobs)
							for j := range got {
								assert.Equal(t, want[j], ints16(got[j]), "SampleNTT job %d beside the sponge", j)
							}
							assert.Equal(t, make([]Job, len(jobs)), jobs, "Run must clear the jobs")
						}
						var got [32]byte
						s.Sum256(&got, msg[first+second:])
						assert.Equal(t, sha3.Sum256(msg), got)
						assert.Equal(t, Sponge{}, s, "Sum256 must clear the sponge")
					})
				}
			}
		}
	})
}

// TestAbsorbJobZeroAllocations checks that absorbing beside samplers and
// finishing allocate nothing.
func TestAbsorbJobZeroAllocations(t *testing.T) {
	var rho [32]byte
	var a [3]poly.NTTPoly16
	in := make([]byte, 384)
	var h [32]byte
	allocs := testing.AllocsPerRun(20, func() {
		var s Sponge
		jobs := [4]Job{SampleNTTJob(&a[0], &rho, 0, 0), SampleNTTJob(&a[1], &rho, 1, 0), SampleNTTJob(&a[2], &rho, 2, 0), AbsorbJob(&s, in)}
		Run(jobs[:])
		s.Sum256(&h, in)
	})
	assert.Zero(t, allocs)
}
