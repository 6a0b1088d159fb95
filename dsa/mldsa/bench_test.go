package mldsa

import (
	"testing"
)

func BenchmarkKeyGen(b *testing.B) {
	seed := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewPrivateKey(MLDSA65(), seed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSignTo signs 256 different messages in turn, so that ns/op
// averages over the rejection loop's varying iteration count.
func BenchmarkSignTo(b *testing.B) {
	sk := testKeyOf(b, MLDSA65(), 6)
	sig := make([]byte, MLDSA65SignatureSize)
	msgs := make([][]byte, 256)
	for i := range msgs {
		msgs[i] = []byte{byte(i), 1, 2, 3}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := sk.SignTo(sig, msgs[i%len(msgs)], nil, true); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkVerify verifies with a parsed key ("parsed", which keeps Â
// from its second verification on) and from the encoded public key
// ("bytes"), for each parameter set.
func BenchmarkVerify(b *testing.B) {
	for _, p := range []Parameters{MLDSA44(), MLDSA65(), MLDSA87()} {
		b.Run(p.String()[len("ML-DSA-"):], func(b *testing.B) { benchmarkVerify(b, p) })
	}
}

func benchmarkVerify(b *testing.B, p Parameters) {
	sk := testKeyOf(b, p, 7)
	msg := []byte("message")
	sig, err := sk.SignDeterministic(msg, nil)
	if err != nil {
		b.Fatal(err)
	}
	pkBytes := sk.PublicKeyBytes()
	pk := sk.PublicKey()
	b.Run("parsed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := Verify(pk, msg, sig, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bytes", func(b *testing.B) {
		b.ReportAllocs()
		var pk PublicKey
		for b.Loop() {
			if err := parsePublicKey(&pk, p, pkBytes); err != nil {
				b.Fatal(err)
			}
			if err := Verify(&pk, msg, sig, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
