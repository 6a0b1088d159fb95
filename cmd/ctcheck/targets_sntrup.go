package main

import (
	"math/rand/v2"

	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
	"github.com/moduletto/moduletto/ring"
	"github.com/moduletto/moduletto/sample"
)

// The Streamlined NTRU Prime targets: sntrup761 decapsulation, the
// constant-time inversions in R/q and R/3 that key generation runs on
// secrets, and the sorting network of its fixed-weight draws.
func sntrupTargets() []target {
	rq, err := ring.New(761, 4591)
	if err != nil {
		panic(err)
	}
	r3, err := ring.New(761, 3)
	if err != nil {
		panic(err)
	}
	var inv [761]int16
	return []target{
		target{
			name:    "sntrup761-decaps",
			classes: "valid ciphertext (pool of 256) vs uniformly random ciphertext (implicit rejection), DecapsulateTo",
			batch:   1,
			setup:   setupSNTRUPDecaps,
		},
		zeroVsRandom("ring-invert-q4591", "a = 0 (not invertible) vs uniform a in R/q (p = 761, q = 4591), Ring.Invert", 1,
			func(r *rand.Rand, a *[761]int16) {
				for i := range a {
					a[i] = int16(r.IntN(4591) - 2295)
				}
			},
			func(as [][761]int16) {
				for i := range as {
					rq.Invert(inv[:], as[i][:])
				}
			}),
		zeroVsRandom("ring-invert-r3", "a = 0 (not invertible) vs uniform a in R/3 (p = 761), Ring.Invert", 1,
			func(r *rand.Rand, a *[761]int16) {
				for i := range a {
					a[i] = int16(r.IntN(3) - 1)
				}
			},
			func(as [][761]int16) {
				for i := range as {
					r3.Invert(inv[:], as[i][:])
				}
			}),
		zeroVsRandom("sample-fixedweight761", "words = 0 vs uniform words, sample.FixedWeight (p = 761, w = 286)", 1,
			func(r *rand.Rand, w *[761]uint32) {
				for i := range w {
					w[i] = r.Uint32()
				}
			},
			func(ws [][761]uint32) {
				var out [761]int8
				for i := range ws {
					sample.FixedWeight(out[:], ws[i][:], 286)
				}
			}),
	}
}

// setupSNTRUPDecaps: class 0 decapsulates a valid ciphertext from a pool of
// encapsulations to the key, class 1 a uniformly random one, which fails
// the re-encryption check and returns the implicit-rejection key.
func setupSNTRUPDecaps(rng *rand.Rand, chunk, batch int) (instance, error) {
	dk, err := sntruptest.GenerateKey761(rngReader{rng})
	if err != nil {
		return nil, err
	}
	ek := dk.EncapsulationKey()
	valid := make([][sntrup.CiphertextSize761]byte, poolSize)
	for i := range valid {
		_, ct, err := sntruptest.Encapsulate761(ek, rngReader{rng})
		if err != nil {
			return nil, err
		}
		copy(valid[i][:], ct)
	}
	gen := func(r *rand.Rand, cls int, ct *[sntrup.CiphertextSize761]byte) {
		if cls == 0 {
			*ct = valid[r.IntN(len(valid))]
			return
		}
		for i := range ct {
			ct[i] = byte(r.Uint32())
		}
	}
	var key [sntrup.SharedKeySize]byte
	op := func(cts [][sntrup.CiphertextSize761]byte) {
		for i := range cts {
			if err := dk.DecapsulateTo(key[:], cts[i][:]); err != nil {
				panic(err) // sizes are right by construction
			}
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}

// rngReader reads randomBytes from a math/rand generator (inputs need only
// be independent of the class).
type rngReader struct{ r *rand.Rand }

func (r rngReader) Read(b []byte) (int, error) { return copy(b, randomBytes(r.r, len(b))), nil }
