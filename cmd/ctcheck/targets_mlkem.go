package main

import (
	"crypto/sha3"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// poolSize is the number of pre-computed inputs a class draws from when an
// input costs too much to make fresh for every measurement (valid
// ciphertexts, seeds with a matched public profile, messages with a known
// signing-loop count).
const poolSize = 256

// smallPool is the size of the pool of seeds with a matched public profile
// (about one random seed in 50 qualifies).
const smallPool = 64

func mlkemTargets() []target {
	return []target{
		target{
			name:    "mlkem768-decaps",
			classes: "valid ciphertext (pool of 256) vs uniformly random ciphertext (implicit rejection), DecapsulateTo",
			batch:   1,
			setup:   setupDecaps,
		},
		target{
			name: "mlkem768-keygen",
			classes: "fixed seed d‖z vs random seeds whose public ρ has the same rejection-sampling profile " +
				"(SHAKE-128 blocks per entry of Â, rejected candidates in all; pool of 64), NewDecapsulationKey768",
			batch: 1,
			setup: func(rng *rand.Rand, chunk, batch int) (instance, error) {
				return setupKeyGenPool(rng, chunk, batch, smallPool)
			},
		},
		target{
			name: "mlkem768-keygen-ab",
			classes: "seed A vs seed B, two fixed seeds whose public ρ have the same rejection-sampling profile, " +
				"NewDecapsulationKey768 (control for mlkem768-keygen: both classes fixed)",
			batch: 1,
			setup: func(rng *rand.Rand, chunk, batch int) (instance, error) { return setupKeyGenPool(rng, chunk, batch, 1) },
		},
		target{
			name: "mlkem768-matrix",
			classes: "ρ of the fixed seed vs ρ of the random seeds of mlkem768-keygen, sample.SampleMatrix " +
				"(control: the public rejection sampling alone)",
			batch: 1,
			setup: setupMatrix,
		},
		target{
			name:    "mlkem768-encaps",
			classes: "fixed m vs random m, mlkemtest.Encapsulate768 on one key",
			batch:   1,
			setup:   setupEncaps,
		},
	}
}

// randomBytes returns n bytes from rng (the inputs need not be
// cryptographically random, only independent of the class).
func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

func newDecapsulationKey(rng *rand.Rand) (*mlkem.DecapsulationKey768, error) {
	return mlkem.NewDecapsulationKey768(randomBytes(rng, mlkem.SeedSize))
}

// setupDecaps: class 0 decapsulates a valid ciphertext, drawn from a pool of
// encapsulations to the key; class 1 a uniformly random one, which fails the
// re-encryption check (except with negligible probability) and returns the
// implicit-rejection key.
func setupDecaps(rng *rand.Rand, chunk, batch int) (instance, error) {
	dk, err := newDecapsulationKey(rng)
	if err != nil {
		return nil, err
	}
	ek := dk.EncapsulationKey()
	valid := make([][mlkem.CiphertextSize768]byte, poolSize)
	for i := range valid {
		_, ct, err := mlkemtest.Encapsulate768(ek, randomBytes(rng, 32))
		if err != nil {
			return nil, err
		}
		copy(valid[i][:], ct)
	}
	gen := func(r *rand.Rand, cls int, ct *[mlkem.CiphertextSize768]byte) {
		if cls == 0 {
			*ct = valid[r.IntN(len(valid))]
			return
		}
		for i := range ct {
			ct[i] = byte(r.Uint32())
		}
	}
	var key [mlkem.SharedKeySize]byte
	op := func(cts [][mlkem.CiphertextSize768]byte) {
		for i := range cts {
			if err := dk.DecapsulateTo(key[:], cts[i][:]); err != nil {
				panic(err) // sizes are right by construction
			}
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}

// setupKeyGen: class 0 expands a fixed seed, class 1 seeds drawn from a pool.
//
// Key generation samples the public matrix Â from ρ = G(d‖k)[:32] by
// rejection (FIPS 203, Algorithm 7), so its time depends on ρ, which the
// encapsulation key publishes; FIPS 203 allows it. Random seeds against a
// fixed one would detect exactly that public dependency. To look for a
// secret one, the pool holds only seeds whose ρ needs, for every matrix
// entry, the same number of SHAKE-128 blocks as the fixed seed's ρ, and
// rejects the same number of candidates in all (see matrixProfile). What
// remains public and unmatched is where the rejections fall, which the
// branch predictor can learn for the one fixed ρ but not for the pool.
//
// With a pool of one seed (mlkem768-keygen-ab) both classes are fixed: the
// control that separates what the fixed class gains from repetition (branch
// predictor, caches) from what depends on the seed.
func setupKeyGenPool(rng *rand.Rand, chunk, batch, size int) (instance, error) {
	fixed, pool, err := matchedSeeds(rng, size)
	if err != nil {
		return nil, err
	}
	gen := func(r *rand.Rand, cls int, s *[mlkem.SeedSize]byte) {
		if cls == 0 {
			*s = fixed
			return
		}
		*s = pool[r.IntN(len(pool))]
	}
	op := func(seeds [][mlkem.SeedSize]byte) {
		for i := range seeds {
			dk, err := mlkem.NewDecapsulationKey768(seeds[i][:])
			if err != nil {
				panic(err) // 64-byte seeds always expand
			}
			sinkP = dk
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}

// matchedSeeds returns a seed with a typical rhoProfile and size other seeds
// whose ρ has the same profile. Typical: every entry of Â takes three blocks
// (the case for about nine seeds in ten) and the rejection count is the
// median of 31 such seeds, so that matching seeds are not rare.
func matchedSeeds(rng *rand.Rand, size int) (fixed [mlkem.SeedSize]byte, pool [][mlkem.SeedSize]byte, err error) {
	type cand struct {
		seed [mlkem.SeedSize]byte
		prof rhoProfile
	}
	var cands []cand
	for len(cands) < 31 {
		var c cand
		copy(c.seed[:], randomBytes(rng, mlkem.SeedSize))
		c.prof = matrixProfile(&c.seed)
		if c.prof.blocks == [9]uint8{3, 3, 3, 3, 3, 3, 3, 3, 3} {
			cands = append(cands, c)
		}
	}
	slices.SortFunc(cands, func(a, b cand) int { return a.prof.rejected - b.prof.rejected })
	fixed = cands[len(cands)/2].seed
	want := cands[len(cands)/2].prof
	pool = make([][mlkem.SeedSize]byte, 0, size)
	for tries := 0; len(pool) < size; tries++ {
		if tries > 2000*size {
			return fixed, nil, fmt.Errorf("found only %d seeds with the profile %v", len(pool), want)
		}
		var s [mlkem.SeedSize]byte
		copy(s[:], randomBytes(rng, mlkem.SeedSize))
		if matrixProfile(&s) == want {
			pool = append(pool, s)
		}
	}
	return fixed, pool, nil
}

// setupMatrix: the public part of key generation alone, SampleMatrix on the
// ρ of the seeds of mlkem768-keygen (fixed vs pool), to tell how much of a
// fixed-vs-random difference in key generation the rejection sampling on
// public ρ explains.
func setupMatrix(rng *rand.Rand, chunk, batch int) (instance, error) {
	fixed, pool, err := matchedSeeds(rng, smallPool)
	if err != nil {
		return nil, err
	}
	fixedρ := rhoOf(&fixed)
	ρs := make([][32]byte, len(pool))
	for i := range pool {
		ρs[i] = rhoOf(&pool[i])
	}
	gen := func(r *rand.Rand, cls int, ρ *[32]byte) {
		if cls == 0 {
			*ρ = fixedρ
			return
		}
		*ρ = ρs[r.IntN(len(ρs))]
	}
	var a [9]poly.NTTPoly16
	op := func(xs [][32]byte) {
		for i := range xs {
			sample.SampleMatrix(a[:], &xs[i], 3, false)
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}

// rhoOf returns ρ = G(d‖k)[:32], G = SHA3-512, k = 3, of seed = d‖z
// (FIPS 203, Algorithm 13, line 1).
func rhoOf(seed *[mlkem.SeedSize]byte) (ρ [32]byte) {
	g := sha3.New512()
	g.Write(seed[:32])
	g.Write([]byte{3})
	copy(ρ[:], g.Sum(nil))
	return ρ
}

// rhoProfile is the public work of sampling Â from ρ: for each entry
// Â[i, j] (row-major) the number of 168-byte SHAKE-128 blocks SampleNTT
// (FIPS 203, Algorithm 7) reads from XOF(ρ‖j‖i) before it has 256
// coefficients below q, and the total number of candidates it rejects.
type rhoProfile struct {
	blocks   [9]uint8
	rejected int
}

// matrixProfile returns the rhoProfile of the ML-KEM-768 key generated from
// seed = d‖z, computed here from the FIPS definitions (ρ‖σ = G(d‖k) with
// G = SHA3-512, k = 3): public data only.
func matrixProfile(seed *[mlkem.SeedSize]byte) rhoProfile {
	const k, q, rate = 3, 3329, 168
	ρ := rhoOf(seed)
	var prof rhoProfile
	var buf [rate]byte
	for i := range k {
		for j := range k {
			x := sha3.NewSHAKE128()
			x.Write(ρ[:])
			x.Write([]byte{byte(j), byte(i)})
			n := 0
			for n < 256 {
				x.Read(buf[:])
				prof.blocks[i*k+j]++
				for b := 0; b < rate && n < 256; b += 3 {
					d1 := uint16(buf[b]) | uint16(buf[b+1]&0x0f)<<8
					d2 := uint16(buf[b+1])>>4 | uint16(buf[b+2])<<4
					if d1 < q {
						n++
					} else {
						prof.rejected++
					}
					if n < 256 {
						if d2 < q {
							n++
						} else {
							prof.rejected++
						}
					}
				}
			}
		}
	}
	return prof
}

// setupEncaps: one encapsulation key, class 0 a fixed message m, class 1 a
// random m, through the derandomized Encapsulate768 of mlkemtest. The key
// caches Â, so no rejection sampling runs during the measurement. The call
// allocates its two results (for both classes alike).
func setupEncaps(rng *rand.Rand, chunk, batch int) (instance, error) {
	dk, err := newDecapsulationKey(rng)
	if err != nil {
		return nil, err
	}
	ek := dk.EncapsulationKey()
	var fixed [32]byte
	copy(fixed[:], randomBytes(rng, 32))
	gen := func(r *rand.Rand, cls int, m *[32]byte) {
		if cls == 0 {
			*m = fixed
			return
		}
		for i := range m {
			m[i] = byte(r.Uint32())
		}
	}
	op := func(ms [][32]byte) {
		for i := range ms {
			key, _, err := mlkemtest.Encapsulate768(ek, ms[i][:])
			if err != nil {
				panic(err) // 32-byte messages always encapsulate
			}
			sinkP = key
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}
