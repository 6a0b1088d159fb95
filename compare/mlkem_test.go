package compare

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// The ML-KEM cross-checks: byte-for-byte equality of moduletto's kem/mlkem
// with crypto/mlkem (768, 1024; derandomized through crypto/mlkem/mlkemtest)
// and with CIRCL v1.6.5 (512, 768, 1024) on random seeds.

// mlkemRand is a deterministic source for the test inputs, so that a
// failure reproduces.
func mlkemRand(set string) *rand.ChaCha8 {
	var s [32]byte
	copy(s[:], "moduletto "+set+" cross-check")
	return rand.NewChaCha8(s)
}

// TestMLKEMCrossCheck compares, for each random seed d‖z, randomness m and
// random ciphertext: ek, the expanded dk (CIRCL; crypto/mlkem does not
// expose it), the ciphertext and shared key of Encaps_internal(ek, m), the
// decapsulation of that ciphertext, and the implicit-rejection key of the
// random ciphertext. 1 000 seeds per set (50 with -short), on every set of
// kernels of moduletto (ntttest.ForEachBackend).
func TestMLKEMCrossCheck(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 50
	}
	ntttest.ForEachBackend(t, func(t *testing.T) { crossCheck(t, n) })
}

func crossCheck(t *testing.T, n int) {
	for _, set := range mlkemSets {
		t.Run(fmt.Sprintf("%s/seeds=%d", set.name, n), func(t *testing.T) {
			rng := mlkemRand(set.name)
			others := map[string]*mlkemImpl{"circl": set.circl}
			if set.std != nil {
				others["crypto/mlkem"] = set.std
			}
			seed, m, badCT := make([]byte, 64), make([]byte, 32), make([]byte, set.ctSize)
			for i := range n {
				rng.Read(seed)
				rng.Read(m)
				rng.Read(badCT)

				ek, dkExp, decaps := set.ours.keyGen(seed)
				k, c := set.ours.encaps(ek, m)
				require.Equal(t, k, decaps(c), "seed %d: ours does not decapsulate its own ciphertext", i)
				rejected := decaps(badCT)
				require.NotEqual(t, k, rejected)

				for name, impl := range others {
					ek2, dkExp2, decaps2 := impl.keyGen(seed)
					require.Equal(t, ek2, ek, "seed %d: ek differs from %s", i, name)
					if dkExp2 != nil {
						require.Equal(t, dkExp2, dkExp, "seed %d: expanded dk differs from %s", i, name)
					}
					k2, c2 := impl.encaps(ek, m)
					require.Equal(t, c2, c, "seed %d: ciphertext differs from %s", i, name)
					require.Equal(t, k2, k, "seed %d: shared key differs from %s", i, name)
					require.Equal(t, k, decaps2(c), "seed %d: %s decapsulates our ciphertext differently", i, name)
					require.Equal(t, decaps2(badCT), rejected, "seed %d: implicit-rejection key differs from %s", i, name)
				}
			}
			t.Logf("%s: %d seeds equal to %d other implementation(s)", set.name, n, len(others))
			assert.Positive(t, n)
		})
	}
}

// TestMLKEMParseAgrees checks that ours accepts exactly the encapsulation
// keys the others accept, on valid keys with one 12-bit coefficient set to
// every value in q..4095 at random positions, and on wrong sizes.
func TestMLKEMParseAgrees(t *testing.T) {
	for _, set := range mlkemSets {
		t.Run(set.name, func(t *testing.T) {
			src := mlkemRand(set.name + " parse")
			rng := rand.New(src)
			seed := make([]byte, 64)
			src.Read(seed)
			ek, _, _ := set.ours.keyGen(seed)
			cases := 0
			check := func(b []byte) {
				want := parses(set.circl, b)
				if set.std != nil {
					require.Equal(t, want, parses(set.std, b), "circl and crypto/mlkem disagree")
				}
				assert.Equal(t, want, parses(set.ours, b), "len %d", len(b))
				cases++
			}
			for v := 3329; v < 4096; v++ {
				b := append([]byte(nil), ek...)
				coef := rng.IntN((set.ekSize - 32) / 384 * 256)
				setCoefficient(b, coef, v)
				check(b)
			}
			for _, size := range []int{0, 1, set.ekSize - 1, set.ekSize + 1} {
				check(make([]byte, size))
			}
			check(ek)
			t.Logf("%s: %d keys, ours agrees", set.name, cases)
		})
	}
}

// parses reports whether impl accepts the encapsulation key b.
func parses(impl *mlkemImpl, b []byte) bool {
	_, err := impl.parse(b)
	return err == nil
}

// setCoefficient overwrites the 12-bit coefficient i of a ByteEncode_12
// encoding with v.
func setCoefficient(b []byte, i, v int) {
	off := i / 2 * 3
	if i%2 == 0 {
		b[off] = byte(v)
		b[off+1] = b[off+1]&0xf0 | byte(v>>8)
	} else {
		b[off+1] = b[off+1]&0x0f | byte(v<<4)
		b[off+2] = byte(v >> 4)
	}
}
