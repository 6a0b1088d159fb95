package main

import (
	"bytes"
	"crypto/sha3"
	"fmt"
	"math/rand/v2"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// signIters is the signing-loop count of every message the ML-DSA target
// signs: the candidate of the first iteration is accepted.
const signIters = 1

func mldsaTargets() []target {
	const same = "mldsa65-sign" // the stream of the controls: its keys and pools at one seed
	return []target{
		signTarget("mldsa65-sign", "", signTwoKeys, fmt.Sprintf("key A vs key B, deterministic SignTo of 32-byte "+
			"messages pre-selected per key so that signing takes exactly %d loop iteration(s) (a pool of %d per key)",
			signIters, poolSize)),
		signTarget("mldsa65-sign-pools", "", signPools, fmt.Sprintf("key A, message pool 1 vs key A, message pool 2 "+
			"(%d messages each, %d iteration(s)): control for mldsa65-sign, the effect of the public per-message "+
			"work alone", poolSize, signIters)),
		signTarget("mldsa65-sign-samekey", same, signSameKey, "copy 1 vs copy 2 of key A of mldsa65-sign at the "+
			"same seed (NewPrivateKey twice from one seed: two heap objects), each with its own message pool: "+
			"control for mldsa65-sign, key placement and pools with equal secrets"),
		signTarget("mldsa65-sign-samekey-onepool", same, signSameKeyOnePool, "copy 1 vs copy 2 of key A of "+
			"mldsa65-sign at the same seed, both on key A's pool: control for mldsa65-sign, the placement of the key alone"),
		signTarget("mldsa65-sign-aa", same, signAA, "key A vs key A of mldsa65-sign at the same seed: one object, "+
			"one pool, the classes differ only in their label: the null control of the ML-DSA targets"),
		signTarget("mldsa65-sign-copies", same, signManyCopies, fmt.Sprintf("key A vs key B of mldsa65-sign at "+
			"the same seed (same pools), each measurement on one of %d objects per key allocated alternately: "+
			"the placement of the key averaged out", signCopies)),
		signTarget("mldsa65-sign-samekey-copies", same, signSameKeyCopies, fmt.Sprintf("key A vs key A of "+
			"mldsa65-sign at the same seed, one pool, each measurement on one of %d objects per class allocated "+
			"alternately: the null control of mldsa65-sign-copies", signCopies)),
		signTarget("mldsa65-sign-swapped", same, signSwapped, "key B vs key A of mldsa65-sign at the same seed "+
			"(same keys, same pools), key B's object allocated first: does the sign of t follow the key or the "+
			"allocation order"),
	}
}

// signTarget is an ML-DSA-65 signing target: one call per measurement, the
// classes chosen by mode, random stream as named (see target.stream).
func signTarget(name, stream string, mode signMode, classes string) target {
	return target{
		name:    name,
		classes: classes,
		batch:   1,
		stream:  stream,
		setup: func(rng *rand.Rand, chunk, batch int) (instance, error) {
			return setupSign(rng, chunk, batch, mode)
		},
	}
}

// signMode selects the keys of the two classes of an ML-DSA target.
type signMode int

const (
	signTwoKeys        signMode = iota // class 0 key A, class 1 key B
	signPools                          // one key object for both classes
	signSameKey                        // two objects made from key A's seed
	signSwapped                        // class 0 key B, class 1 key A, fresh objects, key B's allocated first
	signSameKeyOnePool                 // two objects made from key A's seed, one pool
	signAA                             // one object, one pool
	signManyCopies                     // keys A and B, signCopies objects of each
	signSameKeyCopies                  // key A, one pool, signCopies objects per class
)

// signCopies is the number of objects per key of mldsa65-sign-copies.
const signCopies = 4

// signInput is one ML-DSA measurement: a key and a message.
type signInput struct {
	sk  *mldsa.PrivateKey
	msg [32]byte
}

// setupSign: the signing loop of FIPS 204, Algorithm 7 repeats until a
// candidate passes its checks, and the number of iterations is the one
// timing variation FIPS 204 accepts (it depends on the secret key and the
// message, and is not hidden). Comparing two keys is meaningful only at the
// same iteration count, so each class draws its message from a pool of
// messages whose deterministic signature under that class's key takes
// exactly signIters iterations (counted by replayer, without timing).
//
// The messages still differ between the classes, and with them the public
// work that depends on c̃ (SampleInBall's stream length, the hint encoding).
// The modes other than signTwoKeys are its controls:
//
//   - signPools: both classes sign with the one object of key A, from two
//     disjoint pools: what the pools alone contribute.
//   - signSameKey: each class signs with its own object made from key A's
//     seed (equal secrets, two heap objects), from its own pool: what the
//     pools and the placement of the key contribute.
//   - signSwapped: the keys and pools of signTwoKeys at the same seed (the
//     random stream is consumed in the same order), the classes swapped and
//     the measured objects made afresh, key B's first: if the difference
//     follows the key, t changes sign; if it follows the allocation order,
//     it keeps it.
//   - signSameKeyOnePool: two objects of key A on one pool: the placement
//     of the key alone.
//   - signManyCopies: the keys and pools of signTwoKeys, each measurement
//     on one of signCopies objects of its class's key, allocated A, B, A,
//     B, …: a difference that stays is tied to the keys, not to where one
//     object of each happens to live.
//   - signSameKeyCopies: signManyCopies with key A and its pool in both
//     classes: what is left of the placement after averaging.
//   - signAA: one object, one pool: the classes differ in nothing but their
//     label, so any difference is the method's.
func setupSign(rng *rand.Rand, chunk, batch int, mode signMode) (instance, error) {
	var (
		keys  [2]*mldsa.PrivateKey
		seeds [2][]byte
		pools [2][][32]byte
	)
	sig := make([]byte, mldsa.MLDSA65().SignatureSize())
	for c := range keys {
		switch {
		case c == 1 && (mode == signPools || mode == signAA):
			keys[1] = keys[0]
		case c == 1 && (mode == signSameKey || mode == signSameKeyOnePool || mode == signSameKeyCopies):
			seeds[1] = seeds[0]
		default:
			seeds[c] = randomBytes(rng, mldsa.PrivateKeySize)
		}
		if keys[c] == nil {
			sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seeds[c])
			if err != nil {
				return nil, err
			}
			keys[c] = sk
		}
		if c == 1 && (mode == signSameKeyOnePool || mode == signAA || mode == signSameKeyCopies) {
			pools[1] = pools[0]
			continue
		}
		p, err := signPool(rng, keys[c], sig)
		if err != nil {
			return nil, err
		}
		pools[c] = p
	}
	if mode == signSwapped {
		pools[0], pools[1] = pools[1], pools[0]
		for c, seed := range [2][]byte{seeds[1], seeds[0]} {
			sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
			if err != nil {
				return nil, err
			}
			keys[c] = sk
		}
	}
	var copies [2][]*mldsa.PrivateKey
	if mode == signManyCopies || mode == signSameKeyCopies {
		for range signCopies {
			for c := range copies {
				sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seeds[c])
				if err != nil {
					return nil, err
				}
				copies[c] = append(copies[c], sk)
			}
		}
	}
	gen := func(r *rand.Rand, cls int, in *signInput) {
		in.sk = keys[cls]
		if copies[cls] != nil {
			in.sk = copies[cls][r.IntN(len(copies[cls]))]
		}
		in.msg = pools[cls][r.IntN(len(pools[cls]))]
	}
	op := func(ins []signInput) {
		for i := range ins {
			if err := ins[i].sk.SignTo(sig, ins[i].msg[:], nil, true); err != nil {
				panic(err) // sizes are right by construction
			}
		}
	}
	return newSliceInstance(chunk, batch, gen, op), nil
}

// signPool draws random 32-byte messages until it has poolSize whose
// deterministic signature under sk takes exactly signIters iterations.
// sig is scratch space of the signature size.
func signPool(rng *rand.Rand, sk *mldsa.PrivateKey, sig []byte) ([][32]byte, error) {
	rp := newReplayer(sk)
	var pool [][32]byte
	for tries := 0; len(pool) < poolSize; tries++ {
		if tries > 100*poolSize {
			return nil, fmt.Errorf("mldsa65-sign: found only %d messages signed in %d iteration(s)", len(pool), signIters)
		}
		var m [32]byte
		copy(m[:], randomBytes(rng, len(m)))
		if err := sk.SignTo(sig, m[:], nil, true); err != nil {
			return nil, err
		}
		it, ok, err := rp.iterations(m[:], sig, signIters)
		if err != nil {
			return nil, err
		}
		if ok && it == signIters {
			pool = append(pool, m)
		}
	}
	return pool, nil
}

// ML-DSA-65 parameters (FIPS 204, Table 1).
const (
	dsaQ      = 8380417
	dsaK      = 6
	dsaL      = 5
	dsaGamma1 = 1 << 19
	dsaGamma2 = (dsaQ - 1) / 32
	dsaCTilde = 48 // λ/4 bytes, λ = 192
	dsaW1Max  = 15 // w1 coefficients are in [0, (q−1)/(2γ2) − 1]
)

// replayer recomputes, without timing anything, how many iterations of the
// signing loop of FIPS 204, Algorithm 7 a deterministic ML-DSA-65 signature
// took. It holds what depends only on the key: Â, K and the public key.
type replayer struct {
	sk   *mldsa.PrivateKey
	pk   []byte
	K    [32]byte
	aHat [dsaK * dsaL]poly.NTTPoly32
}

func newReplayer(sk *mldsa.PrivateKey) *replayer {
	r := &replayer{sk: sk, pk: sk.PublicKeyBytes()}
	exp := sk.ExpandedBytes() // ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0 (FIPS 204, Algorithm 24)
	var ρ [32]byte
	copy(ρ[:], exp[:32])
	copy(r.K[:], exp[32:64])
	sample.ExpandA(r.aHat[:], &ρ, dsaK, dsaL)
	return r
}

// iterations returns the number of loop iterations that produced sig, the
// deterministic signature (rnd = 0^32, empty context) of msg, if it is at
// most limit. It replays the loop's public-output part: for κ = 0, ℓ, 2ℓ, …
// it recomputes y = ExpandMask(ρ″, κ), w1 = HighBits(NTT⁻¹(Â∘NTT(y))) and
// the commitment hash c̃ = H(μ ‖ w1Encode(w1)), and stops at the first c̃
// equal to the one at the start of sig (a 384-bit hash: a match is the
// accepted candidate). It uses the package's samplers and NTT products and
// a transcription of Decompose (FIPS 204, Algorithm 36). It returns
// ok = false if no iteration up to limit matches.
func (r *replayer) iterations(msg, sig []byte, limit int) (it int, ok bool, err error) {
	μ, err := mldsa.ComputeMu(mldsa.MLDSA65(), r.pk, msg, nil)
	if err != nil {
		return 0, false, err
	}
	var ρpp [64]byte // ρ″ = H(K ‖ rnd ‖ μ, 64), rnd = 0^32
	h := sha3.NewSHAKE256()
	h.Write(r.K[:])
	h.Write(make([]byte, 32))
	h.Write(μ)
	h.Read(ρpp[:])

	var (
		y     [dsaL]poly.Poly32
		yHat  [dsaL]poly.NTTPoly32
		w     [dsaK]poly.Poly32
		w1    [256]int32
		w1Enc [dsaK * 32 * 4]byte
		cT    [dsaCTilde]byte
	)
	for it := 1; it <= limit; it++ {
		κ := (it - 1) * dsaL
		sample.ExpandMask(y[:], &ρpp, uint16(κ), dsaGamma1)
		for j := range y {
			p := y[j]
			yHat[j] = *p.NTT()
		}
		poly.MatVecInverse32(w[:], r.aHat[:], yHat[:])
		for i := range w {
			for j, x := range w[i] {
				w1[j] = highBits(x)
			}
			poly.SimpleBitPack(w1Enc[i*32*4:], &w1, dsaW1Max)
		}
		h.Reset()
		h.Write(μ)
		h.Write(w1Enc[:])
		h.Read(cT[:])
		if bytes.Equal(cT[:], sig[:dsaCTilde]) {
			return it, true, nil
		}
	}
	return 0, false, nil
}

// highBits returns r1 of Decompose(r) (FIPS 204, Algorithms 36 and 37) for
// ML-DSA-65, transcribed with division and branches: it runs on the
// candidate commitments w of the replay, in this measuring tool only (never
// in the library, whose Decompose is division-free and branch-free).
func highBits(r int32) int32 {
	rp := ((r % dsaQ) + dsaQ) % dsaQ // r+ = r mod q
	r0 := rp % (2 * dsaGamma2)       // r0 = r+ mod± 2γ2
	if r0 > dsaGamma2 {
		r0 -= 2 * dsaGamma2
	}
	if rp-r0 == dsaQ-1 {
		return 0
	}
	return (rp - r0) / (2 * dsaGamma2)
}
